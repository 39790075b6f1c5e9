import { z } from 'zod';
import { bareDoi } from '../../common/doi.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import type { SyncConfig } from '../config.ts';
import { cut, fitted } from '../services/imported-record.ts';
import { plainText } from '../services/plain-text.ts';
import { Upstream } from './upstream.ts';
import { doiServer, serverNamed } from '../services/preprint-servers.ts';

// OpenAlex's works API (https://docs.openalex.org/api-entities/works): a member's works by their ORCID iD or
// author id, stored publications' works by DOI (their citations, retractions), a title's work (a DOI for a
// publication that has none). Only the fields used are checked; anything else a work carries is ignored.

/** How many works one request asks for (OpenAlex's most), and how many pages a member's list reads at most. */
const PER_PAGE = 200;
const MAX_PAGES = 5;
/** How many DOIs one request names (OpenAlex takes up to 100 values in an OR filter). */
export const DOIS_PER_REQUEST = 50;

const str = z.string().max(20_000);
const nstr = str.nullish();

const SourceSchema = z.object({ id: nstr, display_name: nstr, type: nstr }).nullish();
const LocationSchema = z.object({ landing_page_url: nstr, pdf_url: nstr, source: SourceSchema, version: nstr }).nullish();

const WorkSchema = z.object({
  id: z.string().regex(/^https:\/\/openalex\.org\/W\d{1,14}$/),
  doi: nstr,
  title: nstr,
  display_name: nstr,
  publication_year: z.number().int().nullish(),
  publication_date: nstr,
  type: nstr,
  cited_by_count: z.number().int().min(0).nullish(),
  is_retracted: z.boolean().nullish(),
  ids: z.record(z.string(), z.unknown()).nullish(),
  primary_location: LocationSchema,
  locations: z.array(LocationSchema).max(500).nullish(),
  authorships: z
    .array(
      z.object({
        author: z.object({ id: nstr, display_name: nstr, orcid: nstr }).nullish(),
        raw_author_name: nstr,
      }),
    )
    .max(5000)
    .nullish(),
  biblio: z.object({ volume: nstr, issue: nstr, first_page: nstr, last_page: nstr }).nullish(),
  abstract_inverted_index: z.record(z.string(), z.array(z.number().int().min(0).max(100_000)).max(1000)).nullish(),
});
export type Work = z.infer<typeof WorkSchema>;

const ListSchema = z.object({
  meta: z.object({ count: z.number().int().nullish(), next_cursor: nstr }).passthrough(),
  results: z.array(WorkSchema).max(PER_PAGE),
});

/** A work's short id (W2741809807). */
export const workId = (w: Work) => w.id.slice(w.id.lastIndexOf('/') + 1);
/** A work's DOI, bare; '' when it has none. */
export const workDoi = (w: Work) => (w.doi ? bareDoi(w.doi) : '');
const text = (v: string | null | undefined) => (v ?? '').replace(/\s+/g, ' ').trim();

/**
 * DOIs of preprint servers: arXiv (DataCite), bioRxiv and medRxiv, OSF and PsyArXiv, Preprints.org, SSRN,
 * Research Square, TechRxiv, ChemRxiv, Authorea (Crossref).
 */
export const PREPRINT_DOI = /^10\.(?:(?:48550|1101|31219|31234|20944|21203|36227|26434|22541)\/|2139\/ssrn\.)/i;
/** Whether a work is a preprint: OpenAlex's type, a preprint server's DOI, or a repository's copy without a DOI. */
export const isPreprintWork = (w: Work) =>
  w.type === 'preprint' || PREPRINT_DOI.test(workDoi(w)) || (w.primary_location?.source?.type === 'repository' && !w.doi);

/** An abstract from OpenAlex's inverted index (word → positions), bounded: at most 5,000 positions. */
function abstractOf(index: Work['abstract_inverted_index']): string {
  if (!index) return '';
  const words: string[] = [];
  let n = 0;
  for (const [word, positions] of Object.entries(index)) {
    for (const p of positions) {
      if (++n > 5000 || p >= 5000) continue;
      words[p] = word;
    }
  }
  return cut(words.filter(Boolean).join(' '), 10_000);
}

/** Each OpenAlex work type's kind (docs/decisions/074-publication-kinds.md); an article and the rest are papers. */
const KINDS: Readonly<Record<string, ImportedRecord['type']>> = {
  book: 'monograph',
  'book-chapter': 'chapter',
  dissertation: 'doctoral thesis',
  dataset: 'dataset',
  preprint: 'preprint',
  report: 'report',
  standard: 'standard',
};

/**
 * The month of OpenAlex's publication date, undefined when it knows the year alone: OpenAlex writes a
 * year-only date as January 1st (YYYY-01-01) and marks nothing, so the first of January of the work's
 * publication year is read as the year alone (docs/decisions/075-editors-and-years-as-written.md).
 */
export function monthOfWork(w: Pick<Work, 'publication_date' | 'publication_year'>): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(w.publication_date ?? '');
  if (!m) return undefined;
  if (m[2] === '01' && m[3] === '01' && (w.publication_year == null || Number(m[1]) === w.publication_year)) return undefined;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? month : undefined;
}

/** A work as a publication's fields, in the import preview's shape. */
export function recordOfWork(w: Work): ImportedRecord {
  const source = w.primary_location?.source;
  const type = KINDS[text(w.type)] ?? (isPreprintWork(w) ? 'preprint' : 'paper');
  const kind =
    type !== 'paper'
      ? 'other'
      : source?.type === 'journal'
        ? 'journal'
        : source?.type === 'conference' || w.type === 'proceedings-article'
          ? 'conference'
          : 'other';
  const month = monthOfWork(w);
  const doi = workDoi(w);
  const first = text(w.biblio?.first_page);
  const last = text(w.biblio?.last_page);
  return fitted({
    title: plainText(w.title ?? w.display_name),
    author: (w.authorships ?? [])
      .slice(0, 100)
      .map((a) => plainText(a.author?.display_name ?? a.raw_author_name))
      .filter(Boolean),
    // a preprint's server by the name a reader knows (arXiv, not "arXiv (Cornell University)")
    source:
      type === 'preprint'
        ? doiServer(workDoi(w)) || serverNamed(plainText(source?.display_name)) || plainText(source?.display_name)
        : plainText(source?.display_name),
    type,
    venue_kind: kind,
    year: w.publication_year ?? 0,
    ...(month ? { month } : {}),
    doi,
    abstract: abstractOf(w.abstract_inverted_index),
    keywords: [],
    link1: cut(doi ? `https://doi.org/${doi}` : text(w.primary_location?.landing_page_url), 2000),
    entryType: cut(text(w.type), 40),
    volume: cut(text(w.biblio?.volume), 50),
    issue: cut(text(w.biblio?.issue), 50),
    pages: cut(first && last && first !== last ? `${first}–${last}` : first, 50),
  });
}

export class OpenAlex {
  readonly #base: string;
  readonly #mailto: string | undefined;
  readonly #upstream: Upstream;

  /** The User-Agent its requests send (the link checks send it too). */
  get userAgent(): string {
    return this.#upstream.userAgent;
  }

  constructor(config: SyncConfig, mailto: string | undefined) {
    this.#base = config.openalexUrl;
    this.#mailto = mailto;
    this.#upstream = new Upstream(config, 'OpenAlex', mailto);
  }

  #url(filter: string, extra: Record<string, string> = {}): string {
    const q = new URLSearchParams({ filter, 'per-page': String(PER_PAGE), ...extra, ...(this.#mailto ? { mailto: this.#mailto } : {}) });
    return `${this.#base}/works?${q}`;
  }

  /** Every work of an author (by ORCID iD or OpenAlex id), at most MAX_PAGES pages of them, read by cursor. */
  async worksOf(author: { orcid?: string; openalex?: string }): Promise<Work[]> {
    const filter = author.openalex ? `authorships.author.id:${author.openalex}` : `authorships.author.orcid:https://orcid.org/${author.orcid}`;
    const out: Work[] = [];
    let cursor: string | null | undefined = '*';
    for (let page = 0; page < MAX_PAGES && cursor; page++) {
      const list: z.infer<typeof ListSchema> | null = await this.#upstream.json(this.#url(filter, { cursor }), ListSchema);
      if (!list) break;
      out.push(...list.results);
      cursor = list.results.length > 0 ? list.meta.next_cursor : undefined;
    }
    return out;
  }

  /** The works of these DOIs (at most DOIS_PER_REQUEST), each by its bare DOI in lower case. */
  async worksByDoi(dois: readonly string[]): Promise<Map<string, Work>> {
    const out = new Map<string, Work>();
    if (dois.length === 0) return out;
    const list = await this.#upstream.json(this.#url(`doi:${dois.slice(0, DOIS_PER_REQUEST).join('|')}`), ListSchema);
    for (const w of list?.results ?? []) if (w.doi) out.set(workDoi(w).toLowerCase(), w);
    return out;
  }

  /** Works of these OpenAlex ids (at most DOIS_PER_REQUEST), by id. */
  async worksById(ids: readonly string[]): Promise<Map<string, Work>> {
    const out = new Map<string, Work>();
    if (ids.length === 0) return out;
    const list = await this.#upstream.json(this.#url(`openalex:${ids.slice(0, DOIS_PER_REQUEST).join('|')}`), ListSchema);
    for (const w of list?.results ?? []) out.set(workId(w), w);
    return out;
  }

  /** The works whose title matches, of that year: the candidates for a publication stored without a DOI. */
  async worksByTitle(title: string, year: number): Promise<Work[]> {
    const words = title
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .slice(0, 300);
    if (!words) return [];
    const list = await this.#upstream.json(this.#url(`title.search:${words},publication_year:${year}`, { 'per-page': '5' }), ListSchema);
    return list?.results ?? [];
  }
}
