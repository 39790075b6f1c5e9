import type { MetaDescriptor } from 'react-router';
import type {
  ArchiveComponent,
  Book,
  Chapter,
  CreativeWork,
  Dataset,
  NewsArticle,
  Report,
  ScholarlyArticle,
  SoftwareSourceCode,
  Thesis,
  WebPage,
  WithContext,
} from 'schema-dts';
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
  if (p.type === 'paper' && p.venue_kind === 'journal') return { '@type': 'Periodical', name: p.source };
  if (p.type === 'paper' && p.venue_kind === 'conference') return { '@type': 'Book', name: p.source };
  return { '@type': 'CreativeWork', name: p.source };
}

/**
 * Where the work appeared, as Scholar's tags name it (its inclusion guidelines, and the tags Zotero's Embedded
 * Metadata translator reads): a journal, proceedings, a chapter's book, a report's institution and number, a
 * thesis's school, a patent's number, else the publisher.
 */
function venueTags(p: PublicPublication): MetaDescriptor[] {
  if (p.type === 'paper' && p.venue_kind === 'journal') return [{ name: 'citation_journal_title', content: p.source }];
  if (p.type === 'paper' && p.venue_kind === 'conference') return [{ name: 'citation_conference_title', content: p.source }];
  if (p.type === 'chapter') return [{ name: 'citation_inbook_title', content: p.source }];
  if (p.type === 'newspaper') return [{ name: 'citation_journal_title', content: p.source }];
  if (p.type === 'report')
    return [
      { name: 'citation_technical_report_institution', content: p.source },
      ...(p.number ? [{ name: 'citation_technical_report_number', content: p.number }] : []),
    ];
  if (p.type === 'patent') return [{ name: 'citation_patent_number', content: p.number || p.source }];
  if (p.type.endsWith('thesis')) return [{ name: 'citation_dissertation_institution', content: p.source }];
  return [{ name: 'citation_publisher', content: p.source }];
}

/** `pdfUrl`: the paper's file's address when its bytes are a PDF's (the loader checks them), else ''. */
export function scholarMeta(p: PublicPublication, origin: string, url: string, pdfUrl = ''): MetaDescriptor[] {
  const venue = venueTags(p);
  const pdf = pdfUrl ? `${origin}${pdfUrl}` : '';
  const [first, last] = pageEnds(p.pages);
  const publisher = p.publisher && !venue.some((m) => 'name' in m && m.name === 'citation_publisher') ? p.publisher : '';
  const known = (name: string, content: string | undefined) => (content ? [{ name, content }] : []);
  return [
    { name: 'citation_title', content: p.title },
    ...p.author.map((a) => ({ name: 'citation_author', content: a })),
    ...p.editors.map((a) => ({ name: 'citation_editor', content: a })),
    { name: 'citation_publication_date', content: dateOf(p) },
    ...venue,
    ...known('citation_volume', p.volume),
    ...known('citation_issue', p.issue),
    ...known('citation_firstpage', first),
    ...known('citation_lastpage', last),
    ...known('citation_publisher', publisher),
    ...known('citation_isbn', p.isbn),
    ...(pdf ? [{ name: 'citation_pdf_url', content: pdf }] : []),
    ...(p.doi ? [{ name: 'citation_doi', content: p.doi }] : []),
    ...(p.abstract ? [{ name: 'citation_abstract', content: p.abstract }] : []),
    ...(p.keywords.length > 0 ? [{ name: 'citation_keywords', content: p.keywords.join('; ') }] : []),
    { 'script:ld+json': jsonLd(p, url, pdf) },
  ];
}

type Typed =
  | WithContext<ScholarlyArticle>
  | WithContext<Book>
  | WithContext<Thesis>
  | WithContext<Chapter>
  | WithContext<Report>
  | WithContext<Dataset>
  | WithContext<SoftwareSourceCode>
  | WithContext<NewsArticle>
  | WithContext<ArchiveComponent>
  | WithContext<WebPage>
  | WithContext<CreativeWork & object>;

/**
 * The page's JSON-LD, each kind as schema.org types it (docs/decisions/074-publication-kinds.md): a book a Book,
 * a chapter a Chapter of its Book, a report a Report, a data set a Dataset, software SoftwareSourceCode, a thesis
 * a Thesis, a newspaper article a NewsArticle, an archive's item an ArchiveComponent, a web page a WebPage, a
 * patent, a standard or a talk a CreativeWork (schema.org has no type of their own), a paper or a preprint a
 * ScholarlyArticle. Typed by schema.org's own definitions (schema-dts, generated from them): a property or a
 * value of a type its range does not allow is a compile error (scholar.test.ts holds one that must stay one).
 */
export function jsonLd(p: PublicPublication, url: string, pdf: string): Typed {
  const [first, last] = pageEnds(p.pages);
  const context = 'https://schema.org' as const;
  const people = (names: readonly string[]) => names.map((name) => ({ '@type': 'Person' as const, name }));
  const common = {
    headline: p.title,
    name: p.title,
    url,
    author: people(p.author),
    ...(p.editors.length > 0 ? { editor: people(p.editors) } : {}),
    datePublished: p.month ? `${p.year}-${String(p.month).padStart(2, '0')}` : String(p.year),
    ...(p.publisher ? { publisher: { '@type': 'Organization' as const, name: p.publisher } } : {}),
    ...(p.abstract ? { abstract: p.abstract } : {}),
    ...(p.keywords.length > 0 ? { keywords: p.keywords.join(', ') } : {}),
    ...(p.doi ? { sameAs: `https://doi.org/${p.doi}`, identifier: { '@type': 'PropertyValue' as const, propertyID: 'DOI', value: p.doi } } : {}),
    ...(pdf ? { encoding: { '@type': 'MediaObject' as const, contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
  };
  const pages = { ...(first ? { pageStart: first } : {}), ...(last ? { pageEnd: last } : {}) };
  const numbered = (propertyID: string) => (p.number ? { identifier: { '@type': 'PropertyValue' as const, propertyID, value: p.number } } : {});
  switch (p.type) {
    case 'monograph':
      return { '@context': context, '@type': 'Book', ...common, ...(p.isbn ? { isbn: p.isbn } : {}), ...(p.edition ? { bookEdition: p.edition } : {}) };
    case 'doctoral thesis':
    case 'master thesis':
      // its school as the publisher, the degree it was written for
      return {
        '@context': context,
        '@type': 'Thesis',
        ...common,
        ...(p.source ? { publisher: { '@type': 'Organization', name: p.source } } : {}),
        inSupportOf: p.type === 'master thesis' ? "Master's degree" : 'Doctoral degree',
      };
    case 'chapter':
      return {
        '@context': context,
        '@type': 'Chapter',
        ...common,
        ...pages,
        ...(p.source ? { isPartOf: { '@type': 'Book', name: p.source, ...(p.isbn ? { isbn: p.isbn } : {}) } } : {}),
      };
    case 'report':
      return {
        '@context': context,
        '@type': 'Report',
        ...common,
        ...(p.number ? { reportNumber: p.number } : {}),
        ...(p.source ? { publisher: { '@type': 'Organization', name: p.source } } : {}),
      };
    case 'dataset':
      return { '@context': context, '@type': 'Dataset', ...common, ...(p.source ? { publisher: { '@type': 'Organization', name: p.source } } : {}) };
    case 'software':
      return {
        '@context': context,
        '@type': 'SoftwareSourceCode',
        ...common,
        ...(p.link1 ? { codeRepository: p.link1 } : {}),
        ...(p.edition ? { version: p.edition } : {}),
      };
    case 'newspaper':
      return { '@context': context, '@type': 'NewsArticle', ...common, ...pages, ...(p.source ? { isPartOf: { '@type': 'Newspaper', name: p.source } } : {}) };
    case 'archive':
      return {
        '@context': context,
        '@type': 'ArchiveComponent',
        ...common,
        ...(p.source ? { holdingArchive: { '@type': 'ArchiveOrganization', name: p.source } } : {}),
      };
    case 'webpage':
      return { '@context': context, '@type': 'WebPage', ...common, ...(p.source ? { isPartOf: { '@type': 'WebSite', name: p.source } } : {}) };
    case 'patent':
      return { '@context': context, '@type': 'CreativeWork', ...common, ...numbered('patent number'), ...(p.filed ? { dateCreated: p.filed } : {}) };
    case 'standard':
      return {
        '@context': context,
        '@type': 'CreativeWork',
        ...common,
        ...numbered('standard number'),
        ...(p.source ? { sourceOrganization: { '@type': 'Organization', name: p.source } } : {}),
      };
    case 'talk':
      return {
        '@context': context,
        '@type': 'CreativeWork',
        ...common,
        ...(p.source ? { recordedAt: { '@type': 'Event', name: p.source, ...(p.place ? { location: p.place } : {}) } } : {}),
      };
    default:
      return {
        '@context': context,
        '@type': 'ScholarlyArticle',
        ...common,
        ...(p.source && (p.type === 'paper' || p.type === 'preprint') ? { isPartOf: container(p) } : {}),
        ...pages,
      };
  }
}
