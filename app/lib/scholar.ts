import type { MetaDescriptor } from 'react-router';
import type { Book, CreativeWork, ScholarlyArticle, Thesis, WithContext } from 'schema-dts';
import type { PublicPublication } from '../../common/wire.ts';

// How a publication's page tells Google Scholar and other indexers what it is: Highwire-style citation_*
// meta tags (Scholar's inclusion guidelines) and a schema.org ScholarlyArticle in JSON-LD.

/** Scholar's publication date: a full date as 2010/5/12, "or a year alone otherwise" (a record knows no day). */
const dateOf = (p: PublicPublication) => String(p.year);

/** A page range's two ends ("512–530", "88--95"); an article number is its first page alone. */
const pageEnds = (pages: string) => pages.split(/\s*[–—-]+\s*/).filter(Boolean);

/**
 * What the work is part of, as schema.org types it (isPartOf's range is CreativeWork): a journal a
 * Periodical, a conference's proceedings a Book (a PublicationEvent is an Event, not a CreativeWork), a
 * preprint's repository or anything else a CreativeWork.
 */
function container(p: PublicPublication): Exclude<CreativeWork, string> {
  if (p.venue_kind === 'journal') return { '@type': 'Periodical', name: p.source };
  if (p.venue_kind === 'conference') return { '@type': 'Book', name: p.source };
  return { '@type': 'CreativeWork', name: p.source };
}

/** `pdfUrl`: the paper's file's address when its bytes are a PDF's (the loader checks them), else ''. */
export function scholarMeta(p: PublicPublication, origin: string, url: string, pdfUrl = ''): MetaDescriptor[] {
  const venue: MetaDescriptor[] =
    p.venue_kind === 'journal'
      ? [{ name: 'citation_journal_title', content: p.source }]
      : p.venue_kind === 'conference'
        ? [{ name: 'citation_conference_title', content: p.source }]
        : p.type === 'patent'
          ? []
          : p.type.endsWith('thesis')
            ? [{ name: 'citation_dissertation_institution', content: p.source }]
            : [{ name: 'citation_publisher', content: p.source }];
  const pdf = pdfUrl ? `${origin}${pdfUrl}` : '';
  const [first, last] = pageEnds(p.pages);
  const publisher = p.publisher && !venue.some((m) => 'name' in m && m.name === 'citation_publisher') ? p.publisher : '';
  const known = (name: string, content: string | undefined) => (content ? [{ name, content }] : []);
  return [
    { name: 'citation_title', content: p.title },
    ...p.author.map((a) => ({ name: 'citation_author', content: a })),
    { name: 'citation_publication_date', content: dateOf(p) },
    ...venue,
    ...known('citation_volume', p.volume),
    ...known('citation_issue', p.issue),
    ...known('citation_firstpage', first),
    ...known('citation_lastpage', last),
    ...known('citation_publisher', publisher),
    ...(pdf ? [{ name: 'citation_pdf_url', content: pdf }] : []),
    ...(p.doi ? [{ name: 'citation_doi', content: p.doi }] : []),
    ...(p.abstract ? [{ name: 'citation_abstract', content: p.abstract }] : []),
    ...(p.keywords.length > 0 ? [{ name: 'citation_keywords', content: p.keywords.join('; ') }] : []),
    { 'script:ld+json': jsonLd(p, url, pdf) },
  ];
}

/**
 * The page's JSON-LD: a book a Book, anything else a ScholarlyArticle, typed by schema.org's own definitions
 * (schema-dts, generated from them): a property or a value of a type its range does not allow is a
 * compile error (scholar.test.ts holds one that must stay one).
 */
export function jsonLd(p: PublicPublication, url: string, pdf: string): WithContext<ScholarlyArticle> | WithContext<Book> | WithContext<Thesis> {
  const [first, last] = pageEnds(p.pages);
  const common = {
    headline: p.title,
    name: p.title,
    url,
    author: p.author.map((name) => ({ '@type': 'Person' as const, name })),
    datePublished: p.month ? `${p.year}-${String(p.month).padStart(2, '0')}` : String(p.year),
    ...(p.publisher ? { publisher: { '@type': 'Organization' as const, name: p.publisher } } : {}),
    ...(p.abstract ? { abstract: p.abstract } : {}),
    ...(p.keywords.length > 0 ? { keywords: p.keywords.join(', ') } : {}),
    ...(p.doi ? { sameAs: `https://doi.org/${p.doi}`, identifier: { '@type': 'PropertyValue' as const, propertyID: 'DOI', value: p.doi } } : {}),
    ...(pdf ? { encoding: { '@type': 'MediaObject' as const, contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
  };
  if (p.type === 'monograph') {
    const book: WithContext<Book> = {
      '@context': 'https://schema.org',
      '@type': 'Book',
      ...common,
      ...(p.isbn ? { isbn: p.isbn } : {}),
      ...(p.edition ? { bookEdition: p.edition } : {}),
    };
    return book;
  }
  // a thesis: its school as the publisher, the degree it was written for
  if (p.type.endsWith('thesis')) {
    const thesis: WithContext<Thesis> = {
      '@context': 'https://schema.org',
      '@type': 'Thesis',
      ...common,
      ...(p.source ? { publisher: { '@type': 'Organization', name: p.source } } : {}),
      inSupportOf: p.type === 'master thesis' ? "Master's degree" : 'Doctoral degree',
    };
    return thesis;
  }
  const article: WithContext<ScholarlyArticle> = {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    ...common,
    ...(p.source && p.type === 'paper' ? { isPartOf: container(p) } : {}),
    ...(first ? { pageStart: first } : {}),
    ...(last ? { pageEnd: last } : {}),
  };
  return article;
}
