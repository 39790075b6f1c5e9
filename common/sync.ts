import { z } from 'zod';
import { ImportedRecordSchema, ImportEntrySchema } from './wire.ts';

// "Find new papers" (server/sync/): the works the scholarly indexes list for the lab's
// members that the lab does not have, as entries of the BibTeX import's preview (duplicates by DOI or title
// and year, an area proposed), each also naming its OpenAlex work and, for the published version of a stored
// preprint, that preprint: accepting it updates the stored record in place.

// an OpenAlex work (W2741809807), an ORCID record's work (orcid:{put-code}) or a dblp record (dblp:{key})
const WORK = /^(?:W\d{1,14}|orcid:\d{1,14}|dblp:[A-Za-z0-9/_.:-]{1,200})$/;

const SyncProposalSchema = ImportEntrySchema.extend({
  /** Its OpenAlex work (W2741809807), else its ORCID or dblp record: what accepting and dismissing name. */
  work: z.string().regex(WORK),
  /** The members (usernames) whose lists hold it. */
  members: z.array(z.string().max(40)).max(200),
  /**
   * A stored preprint this is the published version of: accepting updates that record (its id, page, links,
   * files kept). `by`: OpenAlex groups them in one work, its arXiv id among the work's locations, the same
   * title, or a DOI relation (Crossref's has-preprint / is-preprint-of, DataCite's IsVersionOf …).
   */
  preprint: z.strictObject({ pid: z.number().int(), title: z.string(), url: z.string(), by: z.enum(['openalex', 'arxiv', 'title', 'doi']) }).optional(),
});
export type SyncProposal = z.infer<typeof SyncProposalSchema>;

export const SyncPreviewSchema = z.strictObject({
  proposals: z.array(SyncProposalSchema),
  /** How many members were asked for, and how many works the indexes listed. */
  members: z.number().int(),
  works: z.number().int(),
  /**
   * A lab-wide search's in-group members it could not ask: they have no ORCID iD, OpenAlex author id or dblp
   * person id (the console names them, and links to where each is added).
   */
  unasked: z
    .array(z.strictObject({ pid: z.number().int(), username: z.string(), name_zh: z.string(), name_en: z.string() }))
    .max(500)
    .optional(),
  /** Why the answer lists nothing for the reader, in their language: they, or every member, have no id to ask by. */
  reason: z.string().optional(),
});
export type SyncPreview = z.infer<typeof SyncPreviewSchema>;

/** Accepting: each chosen work as a new publication in its area, or (`update`) as the published version of the stored preprint it names. */
export const SyncAcceptSchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        work: z.string().regex(WORK),
        record: ImportedRecordSchema,
        area: z.string().max(60),
        update: z.number().int().positive().optional(),
      }),
    )
    .min(1)
    .max(500),
});
export type SyncAccept = z.infer<typeof SyncAcceptSchema>;

/** Dismissing: the works never to propose again (by their work, and their DOI where they have one). */
export const SyncDismissSchema = z.strictObject({
  entries: z
    .array(z.strictObject({ work: z.string().regex(WORK), doi: z.string().max(200).optional(), title: z.string().max(500).optional() }))
    .min(1)
    .max(500),
});

/**
 * The lab-wide search as a run in the background (server/sync/runs.ts): how many members are done of how many,
 * and once done the preview the synchronous call gives, or once failed the index's message, in the reader's language.
 */
export const SyncRunSchema = z.strictObject({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** Works the indexes listed so far. */
  works: z.number().int(),
  started_at: z.string(),
  started_by: z.number().int().nullable(),
  error: z.string().optional(),
  result: SyncPreviewSchema.optional(),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;
