import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import type { PublicNews } from '../../../common/wire.ts';
import { NewsEntry } from '../../components/news-entry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager, withPage } from '../../components/pager.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/news-archive.ts';

// Every released news item, newest first, a page at a time (?page=N), under a heading per year; the home
// page's timeline shows the latest few and links here. Each item is the anchor #news-{nid} and links to its
// own page (news-item.tsx), the address that stays when newer items push it to a later page.

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const list = await data.newsPage();
  if (!list) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, list };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  const { page } = data.list;
  const title = zh ? '全部新闻' : 'All news';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: page > 1 ? `${title} · ${zh ? `第 ${page} 页` : `page ${page}`}` : title,
    description: zh ? '实验室的全部动态，按年份由新到旧排列。' : 'Every news item of the lab, newest first, by year.',
    origin: data.origin,
    path: withPage(paths.newsArchive(), page),
    lang: data.lang,
    forced: data.forced,
  });
}

/** The items in runs of one year each, in their order (newest first). */
function byYear(items: readonly PublicNews[]): [string, PublicNews[]][] {
  const runs: [string, PublicNews[]][] = [];
  for (const n of items) {
    const year = String(n.date).slice(0, 4);
    const last = runs.at(-1);
    if (last && last[0] === year) last[1].push(n);
    else runs.push([year, [n]]);
  }
  return runs;
}

export default function NewsArchive({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { items, page, pages } = loaderData.list;
  return (
    <>
      <PageHeader title={t('newsArchive.title')} subtitle={t('newsArchive.description')} />
      <div className="container news-archive">
        {items.length === 0 && <p className="muted">{t('newsArchive.empty')}</p>}
        {pages > 1 && <p className="muted small">{t('pager.of', { page, pages })}</p>}
        {byYear(items).map(([year, news]) => (
          <section key={year} aria-labelledby={`year-${year}`}>
            <h2 id={`year-${year}`}>{year}</h2>
            <ol className="timeline">
              {news.map((n) => (
                <NewsEntry key={n.nid} item={n} />
              ))}
            </ol>
          </section>
        ))}
        <Pager page={page} pages={pages} href={(n) => withPage(paths.newsArchive(), n)} />
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
