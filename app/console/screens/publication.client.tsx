import { areas, enumLabel } from '../../../common/enums.ts';
import { publication } from '../../../common/resources/publication.ts';
import { ResourceScreen } from '../../console/resource-screen.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/publication: the editor stays open after an update (SPEC §4).
export default function PublicationScreen() {
  const { t, lang } = useT();
  const f = publication.fields;
  return (
    <ResourceScreen
      res={publication}
      title={t('console.publication')}
      layout="side"
      keepOpenOnUpdate
      fields={['title', 'author', 'source', 'type', 'area', 'year', 'month', 'link1', 'link2', 'link3', 'link4', 'file1', 'file2', 'file3']}
      columns={[
        { key: 'year', label: f.year.label[lang] },
        { key: 'source', label: f.source.label[lang] },
        { key: 'title', label: f.title.label[lang], title: true },
        { key: 'area', label: f.area.label[lang], render: (r) => enumLabel(areas, String(r.area), lang) },
      ]}
    />
  );
}
