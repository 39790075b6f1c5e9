import { data as dataResponse, Link } from 'react-router';
import { pageDataContext } from '#page-context';
import { areas, enumLabel } from '../../../common/enums.ts';
import { AuthorList } from '../../components/author-list.tsx';
import { PublicationLinks } from '../../components/publication-links.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/index.tsx';
import { paths } from '../../../common/paths.ts';
import { isAll, searchOf, selectAll, toggleArea } from '../../lib/publication-filter.ts';
import { Pager, withPage } from '../../components/pager.tsx';
import { labNameOf, seo } from '../../lib/seo.ts';
import { RankBadges } from '../../components/rank-badges.tsx';
import { rankOfParam, rankText } from '../../../common/venue-ranks.ts';
import type { Route } from './+types/publication.ts';
import { at } from '../../lib/base.ts';

// SPEC §4's area filter runs over the whole list on the server; the list then comes a page at a time
// (?page=N), numbered downwards over the whole selection. Every state is a link that works without
// JavaScript. Where the site shows venue ranks, one rank may be chosen beside the areas.

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const list = await data.publicationPage();
  if (!list) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, list };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const zh = data.lang === 'zh';
  const { page, selection, rank } = data.list;
  const path = withPage(`${paths.publication()}${searchOf(selection, rank)}`, page);
  const title = zh ? '论文' : 'Publications';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: page > 1 ? `${title} · ${zh ? `第 ${page} 页` : `page ${page}`}` : title,
    description: zh ? '实验室发表的论文、专著与专利。' : 'Papers, monographs and patents of the lab.',
    origin: data.origin,
    path,
    lang: data.lang,
    forced: data.forced,
  });
}

export default function Publications({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, list } = loaderData;
  const { found, selection, items, total, page, pages, size, ranks, rank } = list;
  const chosen = (isAll(selection) ? 0 : selection.length) + (rank ? 1 : 0);
  const filterLink = (next: number[], nextRank = rank) => `${paths.publication()}${searchOf(next, nextRank)}`;

  return (
    <>
      <PageHeader title={t('publication.title')} subtitle={t('publication.description')} />
      <div className="container">
        {/* a phone's first screen holds the list, not a dozen chips: the filters fold into a disclosure, closed
            until opened (a wider screen shows them open, its summary hidden: app/styles/public.css) */}
        <details className="filter-panel">
          <summary>{chosen > 0 ? t('publication.filtersActive', { count: chosen }) : t('publication.filters')}</summary>
          <nav className="filters" aria-label={t('publication.filter')}>
            <Link className="chip" to={filterLink(selectAll())} replace preventScrollReset aria-current={isAll(selection) ? 'true' : undefined}>
              {t('publication.all')}
            </Link>
            {found.map((num) => (
              <Link
                key={num}
                className="chip"
                to={filterLink(toggleArea(selection, num))}
                replace
                preventScrollReset
                aria-current={selection.includes(num) ? 'true' : undefined}
              >
                {enumLabel(areas, areas.find((a) => a.num === num)?.value ?? '', lang)}
              </Link>
            ))}
          </nav>
          {ranks.length > 0 && (
            <nav className="filters" aria-label={t('publication.rankFilter')} data-filter="rank">
              <span className="muted small filter-label">{t('publication.rank')}</span>
              <Link className="chip" to={filterLink(selection, '')} replace preventScrollReset aria-current={rank === '' ? 'true' : undefined}>
                {t('publication.anyRank')}
              </Link>
              {ranks.map((value) => {
                const r = rankOfParam(value);
                return r ? (
                  <Link
                    key={value}
                    className="chip"
                    to={filterLink(selection, value)}
                    replace
                    preventScrollReset
                    aria-current={rank === value ? 'true' : undefined}
                  >
                    {rankText(r)}
                  </Link>
                ) : null;
              })}
            </nav>
          )}
        </details>
        <p className="muted small">
          {t('publication.count', { count: total })}
          {pages > 1 && ` · ${t('pager.of', { page, pages })}`}
        </p>
        {total > 0 && (
          <p className="muted small">
            {t('publication.export')}
            {t('colon')}
            <a href={at(paths.publicationExport('bib'))}>{t('publication.exportAll')}</a>
            {selection.length > 0 && (
              <>
                {' · '}
                <a href={at(paths.publicationExport('bib', selection))}>{t('publication.exportSelection')}</a>
              </>
            )}
            {' · '}
            <a href={at(paths.publicationExport('json', selection))}>CSL-JSON</a>
          </p>
        )}
        {total === 0 && <p className="muted">{t('publication.empty')}</p>}
        <ol className="publications" reversed start={total - (page - 1) * size}>
          {items.map((p) => (
            <li key={p.pid}>
              <p className="title">
                {/* every title leads to the paper's page here; its official page is the separate link below */}
                {p.pid !== undefined ? <a href={at(paths.publicationItem(p.pid))}>{p.title}</a> : p.title}
                <RankBadges ranks={p.ranks} />
              </p>
              <p>
                <AuthorList item={p} members={list.members} />
              </p>
              <p className="muted">
                {p.source ?? ''} · {p.year ?? ''} · {p.area ? enumLabel(areas, p.area, lang) : ''}
                {p.pid !== undefined && list.citations[p.pid] !== undefined && (
                  <span className="cited-by"> · {t('publication.citedBy', { count: list.citations[p.pid] as number })}</span>
                )}
                {p.link1 && (
                  <>
                    {' · '}
                    <a href={at(p.link1)} target="_blank" rel="noopener" aria-label={`${t('publication.official')}: ${p.title}`}>
                      {t('publication.official')} ↗
                    </a>
                  </>
                )}
                {p.pid !== undefined && (
                  <>
                    {' · '}
                    <a href={at(`${paths.publicationItem(p.pid)}#cite`)}>{t('publication.cite')}</a>
                  </>
                )}
              </p>
              <PublicationLinks p={p} />
            </li>
          ))}
        </ol>
        <Pager page={page} pages={pages} href={(n) => withPage(filterLink(selection), n)} />
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
