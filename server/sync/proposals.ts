import type { SyncAccept, SyncPreview, SyncProposal } from '../../common/sync.ts';
import type { Ctx } from '../services/context.ts';
import { nowIso } from '../services/context.ts';
import { importPublications, problemsOf, titleKey } from '../services/bibtex-import.ts';
import { publications } from '../services/publications.ts';
import { writeWithFiles } from '../services/transaction.ts';
import { NotFound, Refused } from '../errors.ts';
import { t } from '../../common/messages.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import type { Indexes } from './index.ts';
import { isPreprintWork, PREPRINT_DOI, recordOfWork, type Work, workId } from './openalex.ts';
import { relatedPreprints } from './relations.ts';

// "Find new papers": the works OpenAlex lists for members with an ORCID iD or an
// OpenAlex author id, less what the lab has (the same DOI, the same OpenAlex work, or the same title and
// year: the BibTeX import's rule) and what a reader dismissed; the published version of a stored preprint
// is proposed as an update of that record. Everything is asked before anything is read from the
// database to compare, and nothing is written: an index that fails leaves the lab as it was. (The DOI
// relations asked after the comparison are an extra that cannot fail the search: server/sync/relations.ts.)

/** The most members one lab-wide search asks for (each is one to five requests). */
const MAX_MEMBERS = 200;

type Member = { pid: number; username: string; name_en: string; orcid: string; openalex: string; dblp: string; area: string };

/** A work one index lists: its id (W…, orcid:…, dblp:…), its fields, and for OpenAlex's the work itself (its locations, its kind). */
type Candidate = { work: string; record: ImportedRecord; openalex?: Work; notes?: string[] };

/** arXiv ids (2101.00001, hep-th/9901001) in an address or an arXiv DOI (10.48550/arXiv.2101.00001). */
const ARXIV = /arxiv\.org\/(?:abs|pdf)\/([a-z-]+\/\d{7}|\d{4}\.\d{4,5})|10\.48550\/arxiv\.([a-z-]+\/\d{7}|\d{4}\.\d{4,5})/i;
const arxivId = (s: string | null | undefined) => {
  const m = ARXIV.exec((s ?? '').slice(0, 2000));
  return m ? (m[1] ?? m[2] ?? '').toLowerCase() : undefined;
};

/** Whether a stored record is a preprint: an arXiv (or other server's) DOI or address, or a venue named arXiv. */
const isPreprintRow = (p: { doi: string; link1: string; source: string }) =>
  PREPRINT_DOI.test(p.doi) ||
  arxivId(p.link1) !== undefined ||
  /\b(?:arxiv|biorxiv|medrxiv|chemrxiv|techrxiv|psyarxiv|ssrn|research square|authorea|preprints?)\b/i.test(p.source);

/** Where a stored preprint is read: its first link, else its DOI's address. */
const preprintUrl = (p: { link1: string; doi: string }) => p.link1 || (p.doi ? `https://doi.org/${p.doi}` : '');

/** The keys a work is dismissed by. */
const dismissKeys = (work: string, doi?: string) => [/^W/.test(work) ? `openalex:${work}` : work, ...(doi ? [`doi:${doi.toLowerCase()}`] : [])];

export async function membersToAsk(ctx: Ctx, pid?: number): Promise<Member[]> {
  let q = ctx.db
    .selectFrom('person')
    .select(['pid', 'username', 'name_en', 'orcid', 'openalex', 'dblp', 'area'])
    .where((eb) => eb.or([eb('orcid', '!=', ''), eb('openalex', '!=', ''), eb('dblp', '!=', '')]));
  q = pid === undefined ? q.where('status', '=', 1) : q.where('pid', '=', pid);
  const rows = await q.orderBy('pid').limit(MAX_MEMBERS).execute();
  if (pid !== undefined && rows.length === 0) {
    const exists = await ctx.db.selectFrom('person').select('pid').where('pid', '=', pid).executeTakeFirst();
    throw exists ? new Refused('sync_no_ids') : new NotFound();
  }
  return rows;
}

/** The lab-wide search's in-group members with no id to ask by (accounts of type "other" are not lab members). */
async function membersUnasked(ctx: Ctx): Promise<NonNullable<SyncPreview['unasked']>> {
  return ctx.db
    .selectFrom('person')
    .select(['pid', 'username', 'name_zh', 'name_en'])
    .where('status', '=', 1)
    .where('type', '!=', 'other')
    .where('orcid', '=', '')
    .where('openalex', '=', '')
    .where('dblp', '=', '')
    .orderBy('type_num')
    .orderBy('pid')
    .limit(500)
    .execute();
}

/**
 * A lab-wide answer as its reader sees it: why it lists nothing for them when they have no id (or no one
 * has), in their language. Said when read, not stored: a run is shared by everyone who reads it.
 */
export function withReason(ctx: Ctx, preview: SyncPreview): SyncPreview {
  const { reason: _, ...rest } = preview;
  const me = ctx.actor?.pid;
  if (me !== undefined && preview.unasked?.some((p) => p.pid === me)) return { ...rest, reason: t(ctx.lang, 'sync_you_have_no_ids') };
  if (preview.members === 0) return { ...rest, reason: t(ctx.lang, 'sync_nobody_has_ids') };
  return rest;
}

/**
 * The works the indexes list for one member (`pid`) or every in-group member with an id, proposed as the
 * import preview does: OpenAlex's first (by ORCID iD or author id), then the ORCID record's and dblp's
 * that none before names (by DOI, else title and year). `onProgress`: after each member asked, how many
 * members are done and how many works were found so far (a lab-wide run's progress: server/sync/runs.ts).
 */
export async function findNewPapers(ctx: Ctx, indexes: Indexes, pid?: number, onProgress?: (members: number, works: number) => void): Promise<SyncPreview> {
  const members = await membersToAsk(ctx, pid);
  // every request first: a failure throws before anything is compared
  const found = new Map<string, Candidate & { members: Set<string>; area: string }>();
  const add = (c: Candidate, m: Member) => {
    const seen = found.get(c.work);
    if (seen) seen.members.add(m.username);
    else found.set(c.work, { ...c, members: new Set([m.username]), area: m.area });
  };
  const onlyOrcid = ctx.lang === 'zh' ? 'ORCID 不列出作者：作者只填了该成员' : 'ORCID lists no authors: only the member is filled in';
  for (const [i, m] of members.entries()) {
    if (m.openalex || m.orcid)
      for (const w of await indexes.openalex.worksOf(m.openalex ? { openalex: m.openalex } : { orcid: m.orcid }))
        add({ work: workId(w), record: recordOfWork(w), openalex: w }, m);
    if (m.orcid) for (const w of await indexes.orcid.worksOf(m.orcid, m.name_en)) add({ ...w, notes: [onlyOrcid] }, m);
    if (m.dblp) for (const w of await indexes.dblp.worksOf(m.dblp, m.name_en)) add(w, m);
    onProgress?.(i + 1, found.size);
  }
  const stored = await ctx.db.selectFrom('publication').select(['pid', 'title', 'year', 'doi', 'link1', 'source']).execute();
  const synced = await ctx.db.selectFrom('publication_sync').select(['pid', 'openalex', 'preprint_url']).where('openalex', '!=', '').execute();
  const dismissed = new Set((await ctx.db.selectFrom('sync_dismissed').select('key').execute()).map((r) => r.key));
  const byDoi = new Map(stored.filter((p) => p.doi).map((p) => [p.doi.toLowerCase(), p]));
  const byTitle = new Map(stored.map((p) => [`${titleKey(p.title)}|${p.year}`, p]));
  const byPid = new Map(stored.map((p) => [p.pid, p]));
  const byWork = new Map(synced.flatMap((s) => (byPid.has(s.pid) ? [[s.openalex, byPid.get(s.pid) as (typeof stored)[number]]] : [])));
  // stored preprints, by their arXiv id and by their title (a published version's year may differ)
  const preprints = stored.filter(isPreprintRow);
  const preprintByArxiv = new Map(
    preprints.flatMap((p) => [arxivId(p.link1), arxivId(`https://doi.org/${p.doi}`)].filter(Boolean).map((a) => [a as string, p])),
  );
  const preprintByTitle = new Map(preprints.map((p) => [titleKey(p.title), p]));
  // what an earlier index already proposed: ORCID's and dblp's copies of OpenAlex's works are left out
  const proposedDoi = new Set<string>();
  const proposedTitle = new Set<string>();
  // published works no preprint rule settled: perhaps one by DOI relations, asked after the loop
  const unsettled: { at: number; doi: string }[] = [];

  const proposals: SyncProposal[] = [];
  for (const { work: id, record, openalex: work, notes, members: names, area } of found.values()) {
    const doi = record.doi;
    const titleYear = `${titleKey(record.title)}|${record.year}`;
    if (dismissKeys(id, doi).some((k) => dismissed.has(k))) continue;
    if ((doi && proposedDoi.has(doi.toLowerCase())) || proposedTitle.has(titleYear)) continue;
    if (doi) proposedDoi.add(doi.toLowerCase());
    proposedTitle.add(titleYear);
    const same = byWork.get(id) ?? (doi ? byDoi.get(doi.toLowerCase()) : undefined) ?? byTitle.get(titleYear);
    const base = {
      index: proposals.length + 1,
      line: 0,
      key: id,
      work: id,
      members: [...names].sort(),
      record,
      problems: problemsOf(record, ctx.lang, area),
      ...(notes ? { changes: notes } : {}),
    };
    const published = doi !== '' && !PREPRINT_DOI.test(doi) && !(work && isPreprintWork(work));
    if (same && !(published && isPreprintRow(same) && same.doi.toLowerCase() !== doi.toLowerCase())) continue;
    if (published) {
      // the published version of a stored preprint: OpenAlex groups the two in one work (the preprint's
      // address among its locations), else the same title
      const viaWork = same ?? byWork.get(id);
      const arxiv = work
        ? [work.primary_location, ...(work.locations ?? [])]
            .flatMap((l) => [arxivId(l?.landing_page_url), arxivId(l?.pdf_url)])
            .find((a) => a && preprintByArxiv.has(a))
        : undefined;
      const pre = viaWork && isPreprintRow(viaWork) ? viaWork : arxiv ? preprintByArxiv.get(arxiv) : preprintByTitle.get(titleKey(record.title));
      if (pre) {
        const by = viaWork ? 'openalex' : arxiv ? 'arxiv' : 'title';
        proposals.push({ ...base, preprint: { pid: pre.pid, title: pre.title, url: preprintUrl(pre), by } });
        continue;
      }
      unsettled.push({ at: proposals.length, doi: doi.toLowerCase() });
    }
    proposals.push({ ...base, ...(area && area !== 'none' ? { area } : {}) });
  }
  await matchByRelations(indexes, proposals, unsettled, preprints);
  return { proposals, members: members.length, works: found.size, ...(pid === undefined ? { unasked: await membersUnasked(ctx) } : {}) };
}

/**
 * The published works no OpenAlex work, arXiv id or title tied to a stored preprint, matched by DOI relations
 * (server/sync/relations.ts; bounded, and a registry that fails only leaves them proposed as new): each then
 * proposed as that preprint's update (`by: 'doi'`). A stored preprint another proposal has is not offered twice.
 */
async function matchByRelations(
  indexes: Indexes,
  proposals: SyncProposal[],
  unsettled: readonly { at: number; doi: string }[],
  preprints: readonly { pid: number; title: string; doi: string; link1: string }[],
): Promise<void> {
  if (unsettled.length === 0) return;
  const claimed = new Set(proposals.flatMap((p) => (p.preprint ? [p.preprint.pid] : [])));
  // an arXiv preprint stored with its address only has arXiv's DOI all the same
  const open = preprints
    .filter((p) => !claimed.has(p.pid))
    .map((p) => {
      const arxiv = arxivId(p.link1);
      return { ...p, doi: p.doi || (arxiv ? `10.48550/arXiv.${arxiv}` : '') };
    });
  const byArxiv = new Map(open.flatMap((p) => [arxivId(p.link1), arxivId(`https://doi.org/${p.doi}`)].filter(Boolean).map((a) => [a as string, p])));
  const { matched } = await relatedPreprints(
    indexes.relations,
    unsettled.map((u) => u.doi),
    open,
    byArxiv,
  );
  for (const u of unsettled) {
    const pre = matched.get(u.doi);
    const proposal = proposals[u.at];
    if (!pre || !proposal) continue;
    const { area: _area, ...rest } = proposal;
    proposals[u.at] = { ...rest, preprint: { pid: pre.pid, title: pre.title, url: preprintUrl(pre), by: 'doi' } };
  }
}

/** The fields a published version brings to a stored preprint: where and when it appeared; its title, authors, abstract, keywords, links and files stay. */
const PUBLISHED_FIELDS = ['source', 'venue_kind', 'year', 'month', 'doi', 'link1', 'volume', 'issue', 'pages', 'publisher'] as const;

/**
 * Accepts the chosen works in one transaction: new ones created by the BibTeX import's own service, in their
 * areas; the published version of a stored preprint updates that record in place (its id, page, links and
 * files kept; the preprint's address kept as its preprint link). Each remembers its OpenAlex work.
 */
export async function acceptWorks(ctx: Ctx, chosen: SyncAccept['entries']): Promise<{ created: number[]; updated: number[] }> {
  return writeWithFiles(ctx, async (tx) => {
    const fresh = chosen.filter((c) => c.update === undefined);
    const { created } =
      fresh.length > 0
        ? await importPublications(
            tx,
            fresh.map(({ record, area }) => ({ record, area })),
          )
        : { created: [] as number[] };
    const updated: number[] = [];
    for (const c of chosen) {
      if (c.update === undefined) continue;
      const before = await tx.db.selectFrom('publication').select(['pid', 'doi', 'link1']).where('pid', '=', c.update).executeTakeFirst();
      if (!before) throw new NotFound();
      const input: Record<string, unknown> = {};
      for (const f of PUBLISHED_FIELDS) if (c.record[f] !== undefined && c.record[f] !== '') input[f] = c.record[f];
      await publications.update(tx, c.update, input);
      await remember(tx, c.update, c.work, preprintUrl(before));
      updated.push(c.update);
    }
    for (const [i, pid] of created.entries()) await remember(tx, pid, (fresh[i] as (typeof fresh)[number]).work);
    return { created, updated };
  });
}

/** Records a publication's OpenAlex work (and the preprint it was), keeping what the job found. */
async function remember(ctx: Ctx, pid: number, work: string, preprintUrl?: string): Promise<void> {
  // an ORCID or dblp record is no OpenAlex work: the daily job finds that by the DOI
  if (!/^W/.test(work) && preprintUrl === undefined) return;
  const row = await ctx.db.selectFrom('publication_sync').select('pid').where('pid', '=', pid).executeTakeFirst();
  const values = { ...(/^W/.test(work) ? { openalex: work } : {}), ...(preprintUrl !== undefined ? { preprint_url: preprintUrl.slice(0, 2000) } : {}) };
  if (row) await ctx.db.updateTable('publication_sync').set(values).where('pid', '=', pid).execute();
  else
    await ctx.db
      .insertInto('publication_sync')
      .values({ pid, ...values })
      .execute();
}

/** Dismisses works: never proposed again (by their work and their DOI). */
export async function dismissWorks(ctx: Ctx, entries: readonly { work: string; doi?: string; title?: string }[]): Promise<number> {
  const at = nowIso();
  const rows = new Map<string, { key: string; title: string; dismissed_by: number | null; dismissed_at: string }>();
  for (const e of entries)
    for (const key of dismissKeys(e.work, e.doi))
      rows.set(key, { key, title: (e.title ?? '').slice(0, 500), dismissed_by: ctx.actor?.pid ?? null, dismissed_at: at });
  await ctx.db.transaction().execute(async (tx) => {
    const known = new Set(
      (
        await tx
          .selectFrom('sync_dismissed')
          .select('key')
          .where('key', 'in', [...rows.keys()])
          .execute()
      ).map((r) => r.key),
    );
    const fresh = [...rows.values()].filter((r) => !known.has(r.key));
    if (fresh.length > 0) await tx.insertInto('sync_dismissed').values(fresh).execute();
  });
  return entries.length;
}

/**
 * The proposals of a search made earlier (a run the daily job or a colleague started) that still hold: not
 * dismissed since, not in the lab since (the same OpenAlex work, DOI, or title and year), and, for a
 * preprint's published version, that preprint still stored and not updated to it. Read when a finished
 * run is shown, so that accepting twice never makes two records.
 */
export async function stillProposed(ctx: Ctx, preview: SyncPreview): Promise<SyncPreview> {
  if (preview.proposals.length === 0) return preview;
  const dismissed = new Set((await ctx.db.selectFrom('sync_dismissed').select('key').execute()).map((r) => r.key));
  const stored = await ctx.db.selectFrom('publication').select(['pid', 'title', 'year', 'doi']).execute();
  const works = new Set((await ctx.db.selectFrom('publication_sync').select('openalex').where('openalex', '!=', '').execute()).map((r) => r.openalex));
  const dois = new Set(stored.flatMap((p) => (p.doi ? [p.doi.toLowerCase()] : [])));
  const titles = new Set(stored.map((p) => `${titleKey(p.title)}|${p.year}`));
  const pids = new Set(stored.map((p) => p.pid));
  const kept = preview.proposals.filter((p) => {
    const doi = p.record?.doi?.toLowerCase() ?? '';
    if (dismissKeys(p.work, doi || undefined).some((k) => dismissed.has(k))) return false;
    if (works.has(p.work) || (doi && dois.has(doi))) return false;
    if (p.preprint) return pids.has(p.preprint.pid);
    return !p.record || !titles.has(`${titleKey(p.record.title)}|${p.record.year}`);
  });
  return { ...preview, proposals: kept.map((p, i) => ({ ...p, index: i + 1 })) };
}
