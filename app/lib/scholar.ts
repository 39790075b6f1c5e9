import type { MetaDescriptor } from 'react-router';
import type { PublicPublication } from '../../common/wire.ts';

// How a publication's page tells Google Scholar and other indexers what it is: Highwire-style citation_*
// meta tags (Scholar's inclusion guidelines) and a schema.org ScholarlyArticle in JSON-LD.

/** Scholar's publication date: a full date as 2010/5/12, "or a year alone otherwise" (a record knows no day). */
const dateOf = (p: PublicPublication) => String(p.year);

export function scholarMeta(p: PublicPublication, origin: string, url: string): MetaDescriptor[] {
  const venue: MetaDescriptor[] =
    p.venue_kind === 'journal'
      ? [{ name: 'citation_journal_title', content: p.source }]
      : p.venue_kind === 'conference'
        ? [{ name: 'citation_conference_title', content: p.source }]
        : p.type === 'patent'
          ? []
          : [{ name: 'citation_publisher', content: p.source }];
  const pdf = p.file1_url ? `${origin}${p.file1_url}` : '';
  return [
    { name: 'citation_title', content: p.title },
    ...p.author.map((a) => ({ name: 'citation_author', content: a })),
    { name: 'citation_publication_date', content: dateOf(p) },
    ...venue,
    ...(pdf ? [{ name: 'citation_pdf_url', content: pdf }] : []),
    ...(p.doi ? [{ name: 'citation_doi', content: p.doi }] : []),
    ...(p.abstract ? [{ name: 'citation_abstract', content: p.abstract }] : []),
    ...(p.keywords.length > 0 ? [{ name: 'citation_keywords', content: p.keywords.join('; ') }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'ScholarlyArticle',
        headline: p.title,
        name: p.title,
        url,
        author: p.author.map((name) => ({ '@type': 'Person', name })),
        datePublished: p.month ? `${p.year}-${String(p.month).padStart(2, '0')}` : String(p.year),
        ...(p.source ? { isPartOf: { '@type': p.venue_kind === 'journal' ? 'Periodical' : 'PublicationEvent', name: p.source } } : {}),
        ...(p.abstract ? { abstract: p.abstract } : {}),
        ...(p.keywords.length > 0 ? { keywords: p.keywords.join(', ') } : {}),
        ...(p.doi ? { sameAs: `https://doi.org/${p.doi}`, identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: p.doi } } : {}),
        ...(pdf ? { encoding: { '@type': 'MediaObject', contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
      },
    },
  ];
}
