import { z } from 'zod';
import { bareDoi } from '../../common/doi.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import type { SyncConfig } from '../config.ts';
import { cut, fitted } from '../services/imported-record.ts';
import { plainText } from '../services/plain-text.ts';
import { Upstream } from './upstream.ts';
import { yearAsWritten } from '../services/year-written.ts';

// ORCID's public API (https://info.orcid.org/documentation/api-tutorials/, v3.0 works): a member's works as
// the record lists them, for what OpenAlex does not know. A work summary names no authors: the member is
// the one author known, and the preview says so.

const val = z.object({ value: z.string().max(2000).nullish() }).nullish();
const SummarySchema = z.object({
  'put-code': z.number().int(),
  title: z.object({ title: val }).nullish(),
  type: z.string().max(60).nullish(),
  'publication-date': z.object({ year: val, month: val }).nullish(),
  'journal-title': val,
  url: val,
  'external-ids': z
    .object({ 'external-id': z.array(z.object({ 'external-id-type': z.string().max(60), 'external-id-value': z.string().max(2000) })).max(100) })
    .nullish(),
});
const WorksSchema = z.object({
  group: z.array(z.object({ 'work-summary': z.array(SummarySchema).max(100) })).max(5000),
});

export type OrcidWork = { work: string; record: ImportedRecord };

/** ORCID's work types (v3.0) as kinds (docs/decisions/074-publication-kinds.md); the rest are papers. */
const KINDS: Readonly<Record<string, ImportedRecord['type']>> = {
  book: 'monograph',
  'edited-book': 'monograph',
  'book-chapter': 'chapter',
  'encyclopedia-entry': 'chapter',
  'dictionary-entry': 'chapter',
  report: 'report',
  'research-technique': 'report',
  'standards-and-policy': 'standard',
  'technical-standard': 'standard',
  'newspaper-article': 'newspaper',
  'data-set': 'dataset',
  preprint: 'preprint',
  'working-paper': 'paper',
  'lecture-speech': 'talk',
  'conference-presentation': 'talk',
  'public-speech': 'talk',
  'conference-poster': 'talk',
  software: 'software',
  patent: 'patent',
  'dissertation-thesis': 'doctoral thesis',
  dissertation: 'doctoral thesis',
  website: 'webpage',
  'online-resource': 'webpage',
};

export class Orcid {
  readonly #base: string;
  readonly #upstream: Upstream;
  constructor(config: SyncConfig, mailto: string | undefined) {
    this.#base = config.orcidUrl;
    this.#upstream = new Upstream(config, 'ORCID', mailto);
  }

  /** The works of an ORCID record, one per group (ORCID groups the versions of one work), as publications' fields. */
  async worksOf(orcid: string, author: string): Promise<OrcidWork[]> {
    const answer = await this.#upstream.json(`${this.#base}/v3.0/${orcid}/works`, WorksSchema);
    return (answer?.group ?? []).flatMap((g) => {
      const s = g['work-summary'][0];
      if (!s) return [];
      const doi = s['external-ids']?.['external-id'].find((x) => x['external-id-type'] === 'doi')?.['external-id-value'];
      const title = plainText(s.title?.title?.value);
      const type = KINDS[(s.type ?? '').toLowerCase().replace(/_/g, '-')] ?? 'paper';
      const kind = type !== 'paper' ? 'other' : s.type === 'journal-article' ? 'journal' : s.type === 'conference-paper' ? 'conference' : 'other';
      const written = yearAsWritten(s['publication-date']?.year?.value ?? '');
      const month = Number(s['publication-date']?.month?.value);
      const record: ImportedRecord = fitted({
        title,
        author: [author],
        source: plainText(s['journal-title']?.value),
        type,
        venue_kind: kind,
        year: written?.year ?? 0,
        ...(month >= 1 && month <= 12 ? { month } : {}),
        doi: doi ? cut(bareDoi(doi), 200) : '',
        abstract: '',
        keywords: [],
        link1: doi ? `https://doi.org/${bareDoi(doi)}` : (s.url?.value ?? ''),
        entryType: cut(s.type ?? '', 40),
      });
      return title ? [{ work: `orcid:${s['put-code']}`, record }] : [];
    });
  }
}
