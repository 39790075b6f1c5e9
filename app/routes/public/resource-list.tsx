import { data as dataResponse, Link, useLoaderData } from 'react-router';
import type { PublicFilter } from '../../../common/resource.ts';
import { pageDataContext } from '#page-context';
import { Pager, withPage } from '../../components/pager.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PublicCard } from '../../components/public-card.tsx';
import { useT } from '../../i18n/index.tsx';
import { labNameOf, seo } from '../../lib/seo.ts';
import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { cardSlots } from './resource-slots.tsx';
import { siteRelative } from '../../lib/base.ts';

// The list page of any resource declared with a `public` part, at /{segment}: its public
// records, a page at a time (?page=N), each as a card (or the resource's own, resource-slots.tsx) linking
// to its record page. app/routes.ts gives each declared resource this route.

/** The first segment of the path the router matched (after BASE_PATH; a client navigation's loader sees `/awards.data`): the resource's. */
export const segmentOf = (url: string) =>
  siteRelative(new URL(url, 'https://here.invalid').pathname)
    .replace(/\.data$/, '')
    .split('/')[1] ?? '';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const data = context.get(pageDataContext);
  const list = await data.resourceList(segmentOf(request.url));
  if (!list) throw dataResponse({ lang: data.lang }, { status: 404 });
  return { lang: data.lang, origin: data.origin, forced: data.forced, list };
}

// typed by its loader: the route has no generated types while no declaration has a public part
export function meta({ loaderData: data, matches }: { loaderData: Awaited<ReturnType<typeof loader>> | undefined; matches: MetaArgs['matches'] }) {
  if (!data) return [];
  const { resource, page } = data.list;
  const zh = data.lang === 'zh';
  return seo({
    lab: labNameOf(matches, data.lang),
    title: page > 1 ? `${resource.label} · ${zh ? `第 ${page} 页` : `page ${page}`}` : resource.label,
    description: resource.description || resource.label,
    origin: data.origin,
    path: withPage(filteredHref(resource.href, data.list.chosen), page),
    lang: data.lang,
    forced: data.forced,
  });
}

/** The list's address with the chosen filters (in the declared order of the filters). */
const filteredHref = (href: string, chosen: Readonly<Record<string, string>>) => {
  const q = new URLSearchParams(Object.entries(chosen).filter(([, v]) => v !== '')).toString();
  return q ? `${href}?${q}` : href;
};

/** The declared filters (public.filters): a row of links each, the chosen one marked. */
function Filters({ filters }: { filters: readonly PublicFilter[] }) {
  return (
    <>
      {filters.map((f) => (
        <nav key={f.param} className="filters" aria-label={f.label} data-filter={f.param}>
          <span className="muted small filter-label">{f.label}</span>
          {f.options.map((o) => (
            <Link key={o.value} className="chip" to={o.href} preventScrollReset aria-current={o.value === f.chosen ? 'true' : undefined}>
              {o.label}
            </Link>
          ))}
        </nav>
      ))}
    </>
  );
}

export default function ResourceList() {
  const { t, lang } = useT();
  const { list } = useLoaderData<typeof loader>();
  // a text shown in the other language (its reader's is missing) says so
  const other = (l: string | undefined) => (l && l !== lang ? l : undefined);
  const { resource, items, page, pages, filters, chosen } = list;
  const Own = cardSlots[resource.name];
  const filtered = Object.values(chosen).some((v) => v !== '');
  return (
    <>
      <PageHeader title={resource.label} subtitle={resource.description || undefined} />
      <div className="container">
        {filters.length > 0 && <Filters filters={filters} />}
        {items.length === 0 && <p className="muted">{t(filtered ? 'declared.noneChosen' : 'declared.empty')}</p>}
        <div className="grid cols-3">
          {items.map((card) =>
            Own ? (
              <Own key={card.id} card={card} />
            ) : (
              <PublicCard key={card.id} href={card.href}>
                <h2 lang={other(card.titleLang)}>{card.title}</h2>
                {card.meta && <p className="muted small">{card.meta}</p>}
                {card.people && <p className="small">{card.people}</p>}
                {card.facts && card.facts.length > 0 && (
                  <p className="muted small">{card.facts.map((f) => `${f.label}${lang === 'zh' ? '：' : ': '}${f.value}`).join(' · ')}</p>
                )}
                {card.text[0] && (
                  <p className="muted small card-text" lang={other(card.blocks?.[0]?.lang)}>
                    {card.text[0]}
                  </p>
                )}
              </PublicCard>
            ),
          )}
        </div>
        <Pager page={page} pages={pages} href={(n) => withPage(filteredHref(resource.href, chosen), n)} />
      </div>
    </>
  );
}

export { ErrorBoundary } from './not-found.tsx';
