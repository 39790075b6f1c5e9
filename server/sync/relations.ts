import { z } from 'zod';
import { bareDoi } from '../../common/doi.ts';
import type { SyncConfig } from '../config.ts';
import { Unavailable } from '../errors.ts';
import { Upstream } from './upstream.ts';

// Preprint → published by DOI relations: when OpenAlex does not group a found published
// work with a stored preprint (and no arXiv id or title ties them), the DOI registries may. Crossref's work
// record (https://api.crossref.org/works/{doi}) lists `relation["has-preprint"]` on a published article and
// `relation["is-preprint-of"]` on a Crossref-registered preprint (bioRxiv, SSRN, Research Square, …), whichever
// side deposited it (`asserted-by` subject or object); DataCite's (https://api.datacite.org/dois/{doi}) lists
// an arXiv DOI's published version among `relatedIdentifiers` (relationType IsVersionOf, IsPreprintOf or
// IsPreviousVersionOf, relatedIdentifierType DOI). These are an extra: a record that is not there, an index
// that fails or answers another shape only leaves the work proposed as it would have been.

/** The most relation lookups one search makes (Crossref and DataCite together). */
export const MAX_RELATION_LOOKUPS = 50;

/** arXiv's DOIs are DataCite's; the other preprint servers' are Crossref's. */
const DATACITE_DOI = /^10\.48550\//i;

const id = z.string().max(400).nullish();
const CrossrefRelation = z
  .array(z.object({ 'id-type': id, id }).passthrough())
  .max(500)
  .nullish();
const CrossrefSchema = z.object({
  message: z.object({
    relation: z.object({ 'has-preprint': CrossrefRelation, 'is-preprint-of': CrossrefRelation }).passthrough().nullish(),
  }),
});
const DataciteSchema = z.object({
  data: z.object({
    attributes: z.object({
      relatedIdentifiers: z
        .array(z.object({ relatedIdentifier: id, relatedIdentifierType: id, relationType: id }).passthrough())
        .max(2000)
        .nullish(),
    }),
  }),
});

/** DataCite's relation types that name a later (published) version of the record. */
const LATER = new Set(['isversionof', 'ispreprintof', 'ispreviousversionof']);

/** What a record says of its versions: the preprints it has (DOIs, arXiv ids) and what it is a preprint of (DOIs); all in lower case. */
export type Related = { preprints: string[]; arxiv: string[]; publishedAs: string[] };

const doiOf = (v: string | null | undefined) => (v ? bareDoi(v.slice(0, 400)).toLowerCase() : '');

export class Relations {
  readonly #crossrefUrl: string;
  readonly #dataciteUrl: string;
  readonly #crossref: Upstream;
  readonly #datacite: Upstream;

  constructor(config: SyncConfig, mailto: string | undefined, urls: { crossrefUrl: string; dataciteUrl: string }) {
    this.#crossrefUrl = urls.crossrefUrl;
    this.#dataciteUrl = urls.dataciteUrl;
    this.#crossref = new Upstream(config, 'Crossref', mailto);
    this.#datacite = new Upstream(config, 'DataCite', mailto);
  }

  /** The relations of a DOI's record, at Crossref or (arXiv's) DataCite; null when the registry does not know it. */
  async of(doi: string): Promise<Related | null> {
    if (DATACITE_DOI.test(doi)) {
      const r = await this.#datacite.json(`${this.#dataciteUrl}/dois/${encodeURIComponent(doi)}`, DataciteSchema);
      if (!r) return null;
      const later = (r.data.attributes.relatedIdentifiers ?? []).filter(
        (x) => (x.relatedIdentifierType ?? '').toLowerCase() === 'doi' && LATER.has((x.relationType ?? '').toLowerCase()),
      );
      return { preprints: [], arxiv: [], publishedAs: later.map((x) => doiOf(x.relatedIdentifier)).filter(Boolean) };
    }
    const r = await this.#crossref.json(`${this.#crossrefUrl}/works/${encodeURIComponent(doi)}`, CrossrefSchema);
    if (!r) return null;
    const rel = r.message.relation;
    const typed = (list: z.infer<typeof CrossrefRelation>, type: string) =>
      (list ?? []).filter((x) => (x['id-type'] ?? '').toLowerCase() === type).map((x) => (x.id ?? '').trim().toLowerCase());
    return {
      preprints: typed(rel?.['has-preprint'], 'doi').map(doiOf).filter(Boolean),
      arxiv: typed(rel?.['has-preprint'], 'arxiv')
        .map((a) => a.replace(/^arxiv:/, '').replace(/v\d{1,3}$/, ''))
        .filter(Boolean),
      publishedAs: typed(rel?.['is-preprint-of'], 'doi').map(doiOf).filter(Boolean),
    };
  }
}

/** A stored preprint: its DOI (arXiv's own, from its address, where it has none). */
export type StoredPreprint = { pid: number; doi: string };

/**
 * Which stored preprint each published DOI (of `published`, in lower case) is the published version of, by DOI
 * relations; at most MAX_RELATION_LOOKUPS requests. The published works' Crossref records are asked first
 * (one each; only where a stored preprint is Crossref-registered, as an arXiv DOI seldom appears there),
 * keeping one lookup per stored preprint (at most half of all) for the preprints' own records: the arXiv
 * ones' at DataCite, which only they tell, then the Crossref-registered ones', only when published works
 * were left unasked (Crossref shows a relation on both records, whichever side deposited it). A registry
 * that fails (timeout, error, lasting 429) is not asked again in the search; a record it does not have or of
 * another shape is no relation.
 */
export async function relatedPreprints<P extends StoredPreprint>(
  relations: Relations,
  published: readonly string[],
  preprints: readonly P[],
  byArxiv: ReadonlyMap<string, P>,
): Promise<{ matched: Map<string, P>; asked: number }> {
  const matched = new Map<string, P>();
  const stored = preprints.filter((p) => p.doi);
  if (published.length === 0 || stored.length === 0) return { matched, asked: 0 };
  const byDoi = new Map(stored.map((p) => [p.doi.toLowerCase(), p]));
  const taken = new Set<number>();
  const down = new Set<boolean>();
  let asked = 0;
  const ask = async (doi: string): Promise<Related | null> => {
    const datacite = DATACITE_DOI.test(doi);
    if (down.has(datacite) || asked >= MAX_RELATION_LOOKUPS) return null;
    asked++;
    try {
      return await relations.of(doi);
    } catch (e) {
      if (!(e instanceof Unavailable)) throw e;
      // a registry that times out or fails is left alone for this search: waiting on it 50 times would be too long
      if (e.key !== 'sync_malformed') down.add(datacite);
      return null;
    }
  };

  const arxivOnes = stored.filter((p) => DATACITE_DOI.test(p.doi));
  const crossrefOnes = stored.filter((p) => !DATACITE_DOI.test(p.doi));
  // the published works' records, leaving the stored preprints' own records a share (up to half)
  const firstPass = crossrefOnes.length > 0 ? MAX_RELATION_LOOKUPS - Math.min(stored.length, MAX_RELATION_LOOKUPS / 2) : 0;
  const unasked: string[] = [];
  for (const doi of published) {
    if (asked >= firstPass) {
      unasked.push(doi);
      continue;
    }
    const r = await ask(doi);
    const pre = [...(r?.preprints ?? []).map((d) => byDoi.get(d)), ...(r?.arxiv ?? []).map((a) => byArxiv.get(a))].find(
      (p): p is P => p !== undefined && !taken.has(p.pid),
    );
    if (pre) {
      matched.set(doi, pre);
      taken.add(pre.pid);
    }
  }
  // the stored preprints' own records, newest first: arXiv's at DataCite, then Crossref's only if works were left unasked above
  const open = new Set(published.filter((d) => !matched.has(d)));
  const newest = (a: P, b: P) => b.pid - a.pid;
  const second = [...arxivOnes.sort(newest), ...(unasked.length > 0 ? crossrefOnes.sort(newest) : [])];
  for (const p of second) {
    if (open.size === 0 || asked >= MAX_RELATION_LOOKUPS) break;
    if (taken.has(p.pid)) continue;
    const r = await ask(p.doi);
    const doi = (r?.publishedAs ?? []).find((d) => open.has(d));
    if (doi) {
      matched.set(doi, p);
      taken.add(p.pid);
      open.delete(doi);
    }
  }
  return { matched, asked };
}
