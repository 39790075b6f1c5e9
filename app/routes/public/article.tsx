import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import { RichHtml } from '../../components/rich-html.tsx';
import { labTime } from '../../../common/instant.ts';
import type { PublicState } from '../../../common/resources/flags.ts';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/article.ts';

// /news/{aid}, /news/{slug} and /blog/{slug}: one published article. With three or more headings it
// gets the side table of contents; its entries are plain #links, so they scroll even without JavaScript.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const found = await data.article(params.word);
  if (!found) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, ...found };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const a = data.article;
  return seo({
    lab: labNameOf(matches, data.lang),
    title: a.title,
    description: a.abstract,
    origin: data.origin,
    path: paths.article(a.aid),
    lang: data.lang,
    forced: data.forced,
    image: (a.image_url as string) || null,
    type: 'article',
  });
}

export default function Article({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

/** An article's page as the public sees it; a preview (preview.tsx) draws the same. */
export function ArticleView(
  props: Pick<Route.ComponentProps['loaderData'], 'article' | 'html' | 'toc'> & {
    /** Where a previewed record stands: a draft or a scheduled one is not "published on" a day. */
    standing?: { state: PublicState; publish_at: string | null };
  },
) {
  const { t } = useT();
  const { article: a, html } = props;
  const toc = props.toc.filter((e) => e.depth <= 3);
  const withToc = toc.length >= 3;
  const authors = (a.authors as string[]) ?? [];
  const editors = (a.editors as string[]) ?? [];
  return (
    <div className={`container article-layout${withToc ? ' with-toc' : ''}`}>
      <article className="article">
        <h1>{a.title}</h1>
        <p className="muted small" style={{ margin: 0 }}>
          {props.standing?.state === 'draft' ? (
            t('article.draft')
          ) : props.standing?.state === 'scheduled' ? (
            <>
              {t('article.scheduled')} <time dateTime={props.standing.publish_at ?? ''}>{labTime(props.standing.publish_at)}</time>
            </>
          ) : (
            <>
              {t('article.published')} <time dateTime={a.time3 ?? ''}>{(a.time3 ?? '').slice(0, 10)}</time>
            </>
          )}
        </p>
        {authors.length > 0 && (
          <p className="muted small" style={{ margin: 0 }}>
            {t('article.authors')}
            {t('colon')}
            {authors.join(', ')}
          </p>
        )}
        {editors.length > 0 && (
          <p className="muted small" style={{ margin: 0 }}>
            {t('article.editors')}
            {t('colon')}
            {editors.join(', ')}
          </p>
        )}
        {a.abstract ? <p className="abstract">{a.abstract}</p> : null}
        <RichHtml html={html} />
      </article>
      {withToc && (
        <nav className="toc" aria-label={t('article.toc')}>
          <h2 className="small" style={{ fontSize: '0.95rem' }}>
            {t('article.toc')}
          </h2>
          <ol>
            {toc.map((e) => (
              <li key={e.id} style={{ paddingLeft: (e.depth - 1) * 12 }}>
                <a
                  href={`#${e.id}`}
                  onClick={(ev) => {
                    const target = document.getElementById(e.id);
                    if (!target) return;
                    ev.preventDefault();
                    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    history.replaceState(history.state, '', `#${e.id}`);
                  }}
                >
                  {e.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </div>
  );
}

export { ErrorBoundary } from './not-found.tsx';
