import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import { Pager, withPage } from '../../components/pager.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/news.ts';
import { PublicCard } from '../../components/public-card.tsx';

// The articles, newest first, a page at a time (?page=N).

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const list = await data.articlePage();
  if (!list) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, list };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  const { page } = data.list;
  const title = zh ? '新闻' : 'News';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: page > 1 ? `${title} · ${zh ? `第 ${page} 页` : `page ${page}`}` : title,
    description: zh ? '实验室的文章、研讨会纪要、论文阅读与技术教程。' : 'Articles, seminar notes, paper readings and tutorials from the lab.',
    origin: data.origin,
    path: withPage(paths.news(), page),
    lang: data.lang,
    forced: data.forced,
  });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { items: articles, page, pages } = loaderData.list;
  return (
    <>
      <PageHeader title={t('news.title')} subtitle={t('news.description')} />
      <div className="container">
        {articles.length === 0 && <p className="muted">{t('news.empty')}</p>}
        <div className="grid cols-3">
          {articles.map((a) => (
            <PublicCard key={a.aid} href={paths.article(a.aid)} newTab image={a.image_url} imageSize={[800, 450]}>
              <h2>
                {a.title}
                <span className="visually-hidden"> {t('news.opensNewTab')}</span>
              </h2>
              <time className="muted small" dateTime={a.time3 ?? ''}>
                {(a.time3 ?? '').slice(0, 10)}
              </time>
            </PublicCard>
          ))}
        </div>
        <Pager page={page} pages={pages} href={(n) => withPage(paths.news(), n)} />
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
