import { pageDataContext } from '#page-context';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../lib/paths.ts';
import { seo } from '../../lib/seo.ts';
import type { Route } from './+types/news.ts';
import { responsive } from '../../lib/images.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  return { lang: data.lang, origin: data.origin, forced: data.forced, articles: await data.articles() };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  return seo({ title: zh ? '新闻' : 'News', description: zh ? '实验室的文章、研讨会纪要、论文阅读与技术教程。' : 'Articles, seminar notes, paper readings and tutorials from the lab.', origin: data.origin, path: paths.news(), lang: data.lang, forced: data.forced });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { articles } = loaderData;
  return (
    <>
      <PageHeader title={t('news.title')} subtitle={t('news.description')} />
      <div className="container">
        {articles.length === 0 && <p className="muted">{t('news.empty')}</p>}
        <div className="grid cols-3">
          {articles.map((a) => (
            <a key={String(a.aid)} className="card" href={paths.article(String(a.aid))} target="_blank" rel="noopener">
              {a.image_url ? <img className="card-media" {...responsive(String(a.image_url), 400)} sizes="(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw" alt="" width={800} height={450} loading="lazy" /> : null}
              <div className="card-body">
                <h2>
                  {String(a.title)}
                  <span className="visually-hidden"> {t('news.opensNewTab')}</span>
                </h2>
                <time className="muted small" dateTime={String(a.time3 ?? '')}>
                  {String(a.time3 ?? '').slice(0, 10)}
                </time>
              </div>
            </a>
          ))}
        </div>
      </div>
    </>
  );
}
