import { data as dataResponse, Link } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../../common/lang.ts';
import { RichHtml } from '../../components/rich-html.tsx';
import { withPage } from '../../components/pager.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/news-item.ts';

// /news-item/{nid}: one released news item on a page of its own, the address the feed and the search link to
// (an anchor of the archive moves to a later page as news arrive; this does not).

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const found = await data.newsItem(params.nid);
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, ...found };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  return seo({
    lab: labNameOf(matches, data.lang),
    title: data.headline,
    description: data.text || data.headline,
    origin: data.origin,
    path: paths.newsItem(data.item.nid),
    lang: data.lang,
    forced: data.forced,
    type: 'article',
  });
}

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { item: n, headline, archivePage } = loaderData;
  return (
    <div className="container article-layout">
      <article className="article news-item">
        <p className="muted small">
          <Link to={`${withPage(paths.newsArchive(), archivePage)}#news-${n.nid}`}>← {t('newsArchive.back')}</Link>
        </p>
        <h1>{headline}</h1>
        <p className="muted small" style={{ margin: 0 }}>
          {t('newsArchive.item')} · <time dateTime={n.date}>{n.date}</time>
          {n.emphasize ? (
            <span className="badge" title={t('home.emphasized')}>
              ★
            </span>
          ) : null}
        </p>
        <RichHtml html={pick(n.content_zh, n.content_en, lang)} />
      </article>
    </div>
  );
}

export { ErrorBoundary } from './not-found.tsx';
