import { Form, Link } from 'react-router';
import { pageDataContext } from '#page-context';
import { SEARCH_MAX_CHARS, SEARCH_PAGE_SIZE, SEARCH_REACHABLE, type SearchKind, type SearchResult } from '../../../common/search.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager, withPage } from '../../components/pager.tsx';
import { Marked } from '../../components/marked.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { Route } from './+types/search.ts';
import { at } from '../../lib/base.ts';

// The site search: a plain GET form, so it works without JavaScript; results of every kind
// with a count per kind to narrow them, the words that matched marked, a page of 20 at a time.

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const answer = await data.search();
  // the labels of the declared public resources' results; none, and the page's data is as before
  const kinds = data.declaredKinds();
  return { lang: data.lang, origin: data.origin, forced: data.forced, answer, ...(Object.keys(kinds).length > 0 ? { kinds } : {}) };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  const { q } = data.answer;
  const title = q ? (zh ? `“${q}”的搜索结果` : `Search results for “${q}”`) : zh ? '搜索' : 'Search';
  return [
    ...seo({
      lab: labNameOf(matches, data.lang),
      title,
      description: zh
        ? '搜索实验室的论文、新闻、成员、课程、评测任务与开源项目。'
        : "Search the lab's publications, news, people, courses, shared tasks and open-source projects.",
      origin: data.origin,
      path: paths.search(),
      lang: data.lang,
      forced: data.forced,
    }),
    // result pages are for readers, not for search engines' indexes; the records' own pages are
    { name: 'robots', content: 'noindex, follow' },
  ];
}

function ResultTitle({ result }: { result: SearchResult }) {
  const { t } = useT();
  const title = <Marked segments={result.title} />;
  if (!result.url) return <span>{title}</span>;
  if (result.external)
    return (
      <a href={at(result.url)} target="_blank" rel="noopener">
        {title}
        <span className="visually-hidden"> {t('search.opensNewTab')}</span>
      </a>
    );
  return <Link to={result.url}>{title}</Link>;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { answer, lang, forced } = loaderData;
  const { q, kind, counts, results, page, pages, total } = answer;
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const link = (k: SearchKind | null, p = 1) => withPage(paths.search(q, k, forced ? lang : undefined), p);
  // the fixed kinds, then the declared public resources', each with a result or chosen
  const shownKinds = (Object.keys(counts) as SearchKind[]).filter((k) => counts[k] > 0 || k === kind);
  const kindLabel = (k: string) => loaderData.kinds?.[k] ?? t(`search.kind.${k as SearchKind}`);

  return (
    <>
      <PageHeader title={t('search.title')} subtitle={t('search.description')} />
      <div className="container search-page">
        <Form method="get" action={paths.search()} role="search" aria-label={t('search.refine')} className="search-form">
          <label htmlFor="search-q" className="visually-hidden">
            {t('search.label')}
          </label>
          <input id="search-q" type="search" name="q" defaultValue={q} key={q} maxLength={400} placeholder={t('search.placeholder')} enterKeyHint="search" />
          {kind && <input type="hidden" name="kind" value={kind} />}
          {forced && <input type="hidden" name="lang" value={lang} />}
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </Form>

        {answer.cut && <p className="muted small">{t('search.cut', { max: String(SEARCH_MAX_CHARS) })}</p>}
        {answer.didYouMean && (
          <p className="search-suggestion">
            {t('search.didYouMean')}{' '}
            <Link to={paths.search(answer.didYouMean, kind, forced ? lang : undefined)}>
              <strong>{answer.didYouMean}</strong>
            </Link>
            {t('search.didYouMeanEnd')}
          </p>
        )}

        {!q ? (
          <p className="muted">{t('search.empty')}</p>
        ) : all === 0 ? (
          <div className="search-none">
            <p>{t('search.none', { q })}</p>
            <p className="muted">{t('search.hint')}</p>
          </div>
        ) : (
          <>
            <nav className="filters" aria-label={t('search.kinds')}>
              <Link className="chip" to={link(null)} aria-current={kind === null ? 'true' : undefined}>
                {t('search.all')} ({all})
              </Link>
              {shownKinds.map((k) => (
                <Link key={k} className="chip" to={link(k)} aria-current={kind === k ? 'true' : undefined}>
                  {kindLabel(k)} ({counts[k]})
                </Link>
              ))}
            </nav>
            <p className="muted small" aria-live="polite">
              {t('search.count', { total: String(total) })}
              {answer.capped && ` ${t('search.capped', { max: String(SEARCH_REACHABLE) })}`}
            </p>
            <ol className="search-results" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
              {results.map((r) => (
                <li key={r.id}>
                  <p className="search-kind small">
                    <span className="badge">{kindLabel(r.kind)}</span>
                    {r.meta && <span className="muted"> {r.meta}</span>}
                  </p>
                  <h2 className="search-title">
                    <ResultTitle result={r} />
                  </h2>
                  {r.snippet.length > 0 && (
                    <p className="search-snippet">
                      <Marked segments={r.snippet} />
                    </p>
                  )}
                </li>
              ))}
            </ol>
            <Pager page={page} pages={pages} href={(n) => link(kind, n)} />
          </>
        )}
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
