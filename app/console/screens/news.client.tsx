import { news } from '../../../common/resources/news.ts';
import { api } from '../../console/api.ts';
import { ResourceScreen } from '../../console/resource-screen.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/news (administrators): publish and emphasize are single-field updates.
export default function NewsScreen() {
  const { t, lang } = useT();
  const f = news.fields;
  return (
    <ResourceScreen
      res={news}
      title={t('console.news')}
      layout="below"
      fields={['abstract', 'date', 'content_zh', 'content_en']}
      columns={[
        { key: 'abstract', label: f.abstract.label[lang], title: true },
        { key: 'date', label: f.date.label[lang] },
        { key: 'releasestr', label: t('console.status'), render: (r) => `${String(r.releasestr)} · ${String(r.emphasizestr)}` },
      ]}
      actions={[
        {
          key: 'release',
          label: (r) => t(r.release ? 'console.unpublish' : 'console.publish'),
          confirm: (r) => t(r.release ? 'console.confirmUnpublish' : 'console.confirmPublish'),
          run: (r) => api.send('PUT', `${news.path}?nid=${r.nid}`, { release: !r.release }),
          done: (r) => `${t(r.release ? 'console.unpublish' : 'console.publish')} ${t('console.succeeded')}`,
        },
        {
          key: 'emphasize',
          label: (r) => t(r.emphasize ? 'console.unemphasize' : 'console.emphasize'),
          confirm: (r) => t(r.emphasize ? 'console.confirmUnemphasize' : 'console.confirmEmphasize'),
          run: (r) => api.send('PUT', `${news.path}?nid=${r.nid}`, { emphasize: !r.emphasize }),
          done: (r) => `${t(r.emphasize ? 'console.unemphasize' : 'console.emphasize')} ${t('console.succeeded')}`,
          color: 'secondary',
        },
      ]}
    />
  );
}
