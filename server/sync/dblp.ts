import { z } from 'zod';
import { bareDoi } from '../../common/doi.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import type { SyncConfig } from '../config.ts';
import { cut, fitted } from '../services/imported-record.ts';
import { plainText } from '../services/plain-text.ts';
import { Upstream } from './upstream.ts';

// dblp's publication search API (https://dblp.org/faq/How+to+use+the+dblp+search+API.html): the member's
// name asked, only the hits that name their dblp person id among the authors kept (a name has homonyms).

const author = z.object({ '@pid': z.string().max(100).nullish(), text: z.string().max(300) });
const HitSchema = z.object({
  info: z.object({
    key: z.string().max(200),
    title: z.string().max(2000),
    venue: z.union([z.string().max(300), z.array(z.string().max(300)).max(10)]).nullish(),
    year: z.string().max(4).nullish(),
    type: z.string().max(60).nullish(),
    doi: z.string().max(300).nullish(),
    volume: z.string().max(100).nullish(),
    number: z.string().max(100).nullish(),
    pages: z.string().max(100).nullish(),
    ee: z.union([z.string().max(2000), z.array(z.string().max(2000)).max(10)]).nullish(),
    authors: z.object({ author: z.union([author, z.array(author).max(1000)]) }).nullish(),
  }),
});
const SearchSchema = z.object({
  result: z.object({ hits: z.object({ '@total': z.string().max(12).nullish(), hit: z.array(HitSchema).max(1000).nullish() }) }),
});

export type DblpWork = { work: string; record: ImportedRecord };

const first = (v: string | string[] | null | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
/** dblp ends titles with a period and numbers homonyms ("Wei Lin 0007"). */
const clean = (s: string) => s.replace(/\s+\d{4}$/, '').trim();

/** dblp's type of an edited volume: its "authors" are its editors. */
const EDITORSHIP = /^editorship$/i;

/** The kind of a dblp hit by its type (docs/decisions/074-publication-kinds.md): CoRR's informal publications are preprints. */
function kindOf(type: string, venue: string): ImportedRecord['type'] {
  if (/^parts in books/i.test(type)) return 'chapter';
  if (/^books and theses$/i.test(type) || EDITORSHIP.test(type) || /^reference works$/i.test(type)) return 'monograph';
  if (/^data and artifacts$/i.test(type)) return 'dataset';
  if (/^informal/i.test(type) && /^corr$/i.test(venue.trim())) return 'preprint';
  return 'paper';
}

export class Dblp {
  readonly #base: string;
  readonly #upstream: Upstream;
  constructor(config: SyncConfig, mailto: string | undefined) {
    this.#base = config.dblpUrl;
    this.#upstream = new Upstream(config, 'dblp', mailto);
  }

  /** The publications of a dblp person (id `pid`), found by their name, at most 1,000. */
  async worksOf(pid: string, name: string): Promise<DblpWork[]> {
    const q = new URLSearchParams({ q: name.slice(0, 100), format: 'json', h: '1000' });
    const answer = await this.#upstream.json(`${this.#base}/search/publ/api?${q}`, SearchSchema);
    return (answer?.result.hits.hit ?? []).flatMap(({ info }) => {
      const authors = info.authors ? (Array.isArray(info.authors.author) ? info.authors.author : [info.authors.author]) : [];
      if (!authors.some((a) => a['@pid'] === pid)) return [];
      const doi = info.doi ? bareDoi(info.doi) : '';
      const venue = plainText(first(info.venue));
      const type = kindOf(info.type ?? '', venue);
      const names = authors.slice(0, 100).map((a) => cut(clean(plainText(a.text)), 300));
      const record: ImportedRecord = fitted({
        title: plainText(info.title).replace(/\.$/, '').trim(),
        // an edited volume's people are its editors
        author: EDITORSHIP.test(info.type ?? '') ? [] : names,
        ...(EDITORSHIP.test(info.type ?? '') ? { editors: names } : {}),
        source: type === 'preprint' ? 'arXiv' : venue,
        type,
        venue_kind:
          type !== 'paper' ? 'other' : /journal/i.test(info.type ?? '') ? 'journal' : /conference|workshop/i.test(info.type ?? '') ? 'conference' : 'other',
        // dblp's CoRR volume (abs/…) names a preprint, not a volume
        volume: cut(type === 'preprint' ? '' : (info.volume ?? '').trim(), 50),
        issue: cut((info.number ?? '').trim(), 50),
        pages: cut((info.pages ?? '').trim().replace(/\s*-+\s*/g, '–'), 50),
        year: Number(info.year) || 0,
        doi: cut(doi, 200),
        abstract: '',
        keywords: [],
        link1: doi ? `https://doi.org/${doi}` : first(info.ee),
        entryType: cut(info.type ?? '', 40),
      });
      return [{ work: `dblp:${info.key}`, record }];
    });
  }
}
