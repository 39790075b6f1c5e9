import { data as dataResponse } from 'react-router';
import { pageDataContext } from '#page-context';
import { areas, enumLabel, publicationTypes, venueKinds } from '../../../common/enums.ts';
import { paths } from '../../../common/paths.ts';
import { AuthorList } from '../../components/author-list.tsx';
import { RankBadges } from '../../components/rank-badges.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { PublicationLinks } from '../../components/publication-links.tsx';
import { useT } from '../../i18n/index.tsx';
import { scholarMeta } from '../../lib/scholar.ts';
import { labNameOf, seo } from '../../lib/seo.ts';
import { venueWithYear } from '../../../common/venue.ts';
import type { Route } from './+types/publication-item.ts';
import { at } from '../../lib/base.ts';

// /publication/{pid}: one publication's own page, what Google Scholar indexes: the record
// in full, its DOI, files and links, with citation_* tags and JSON-LD in the head.

export async function loader({ context, params }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const publication = await data.publication(params.pid);
  if (!publication) throw dataResponse({ lang: data.lang }, { status: 404 });
  const cite = await data.citations(publication);
  return { lang: data.lang, origin: data.origin, forced: data.forced, publication, cite };
}

export function meta({ loaderData: data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const p = data.publication;
  const path = paths.publicationItem(p.pid);
  return [
    ...seo({
      lab: labNameOf(matches, data.lang),
      title: p.title,
      description: p.abstract || `${p.author.join(', ')} · ${venueWithYear(p.source, p.year)}`,
      origin: data.origin,
      path,
      lang: data.lang,
      forced: data.forced,
      type: 'article',
    }),
    ...scholarMeta(p, data.origin, `${data.origin}${path}`, p.pdf_url),
  ];
}

export default function PublicationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lang, publication: p, cite } = loaderData;
  const when = p.month ? `${p.year}-${String(p.month).padStart(2, '0')}` : String(p.year);
  const kinds = [
    enumLabel(publicationTypes, p.type, lang),
    p.type === 'paper' ? enumLabel(venueKinds, p.venue_kind, lang) : '',
    p.area !== 'none' ? enumLabel(areas, p.area, lang) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="container publication-page">
      <p className="muted small">
        <a href={at(paths.publication())}>{t('publication.back')}</a>
      </p>
      <h1>
        {p.link1 ? (
          <a href={at(p.link1)} target="_blank" rel="noopener">
            {p.title}
          </a>
        ) : (
          p.title
        )}
      </h1>
      <p className="authors">
        <AuthorList item={p} members={p.members} />
      </p>
      <p className="muted">
        {t('publication.venue')} {p.source} · {when}
        {kinds && ` · ${kinds}`}
        {p.cited_by_count !== null && <span className="cited-by"> · {t('publication.citedBy', { count: p.cited_by_count })}</span>}
        <RankBadges ranks={p.ranks} />
      </p>
      {p.doi && (
        <p>
          DOI:{' '}
          <a href={`https://doi.org/${p.doi}`} rel="noopener">
            {p.doi}
          </a>
        </p>
      )}
      {p.preprint_url && (
        <p className="preprint">
          {t('publication.preprint')}:{' '}
          <a href={p.preprint_url} rel="noopener">
            {p.preprint_url}
          </a>
        </p>
      )}
      <PublicationLinks p={p} />
      {p.abstract && (
        <section>
          <h2>{t('publication.abstract')}</h2>
          <p className="abstract">{p.abstract}</p>
        </section>
      )}
      {p.referring.map((group) => (
        <section key={group.name} className="referring" data-resource={group.name}>
          <h2>{group.label}</h2>
          <ul>
            {group.cards.map((c) => (
              <li key={c.id}>
                <a href={at(c.href)} lang={c.titleLang && c.titleLang !== lang ? c.titleLang : undefined}>
                  {c.title}
                </a>
                {c.meta && <span className="muted small"> · {c.meta}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section id="cite">
        <h2>{t('publication.cite')}</h2>
        {/* the styles the site offers, in its order (site settings; server/services/csl/styles.ts) */}
        {cite.styles.map((style) => (
          <div className="cite-block" key={style.id} data-style={style.id}>
            <p className="cite-head">
              <span>{style.name[lang]}</span>
              <CopyButton text={style.text} />
            </p>
            <p className="cite-text">{style.text}</p>
          </div>
        ))}
        <div className="cite-block">
          <p className="cite-head">
            <span>BibTeX</span>
            <CopyButton text={cite.bibtex} />
            <a href={at(`${paths.publicationItem(p.pid)}.bib`)}>{t('publication.bibFile')}</a>
          </p>
          <pre className="cite-text">{cite.bibtex}</pre>
        </div>
      </section>
      {p.keywords.length > 0 && (
        <section>
          <h2>{t('publication.keywords')}</h2>
          <ul className="keywords">
            {p.keywords.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export { ErrorBoundary } from './not-found.tsx';
