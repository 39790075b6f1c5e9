import { articleTypes, enumLabel } from '../../../common/enums.ts';
import { article } from '../../../common/resources/article.ts';
import { api } from '../../console/api.ts';
import { formatInstant } from '../../console/format.ts';
import { ResourceScreen } from '../../console/resource-screen.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/article: sorted by aid descending; edit, delete, publish, unpublish.
export default function ArticleScreen() {
  const { t, lang } = useT();
  const f = article.fields;
  return (
    <ResourceScreen
      res={article}
      title={t('console.article')}
      layout="dialog"
      sort={(rows) => [...rows].sort((a, b) => Number(b.aid) - Number(a.aid))}
      fields={['title', 'slug', 'abstract', 'image_url', 'type', 'authors', 'editors', 'markdown']}
      columns={[
        { key: 'aid', label: 'ID' },
        { key: 'title', label: f.title.label[lang], title: true },
        { key: 'type', label: f.type.label[lang], render: (r) => enumLabel(articleTypes, String(r.type), lang) },
        { key: 'releasestr', label: t('console.status') },
        { key: 'time2', label: 'time2', render: (r) => formatInstant(r.time2) },
      ]}
      actions={[
        {
          key: 'release',
          label: (r) => t(r.release ? 'console.unpublish' : 'console.publish'),
          confirm: (r) => t(r.release ? 'console.confirmUnpublish' : 'console.confirmPublish'),
          run: (r) => api.send('PUT', `${article.path}?aid=${r.aid}`, { release: !r.release }),
          done: (r) => `${t(r.release ? 'console.unpublish' : 'console.publish')} ${t('console.succeeded')}`,
        },
      ]}
    />
  );
}
