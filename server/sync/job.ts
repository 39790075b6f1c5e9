import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database.ts';
import { logActivity } from '../services/activity.ts';
import { titleKey } from '../services/bibtex-import.ts';
import type { SyncRun } from '../../common/sync.ts';
import { indexesOf, instance } from './index.ts';
import { checkLinks } from './links.ts';
import { startRun } from './runs.ts';
import { DOIS_PER_REQUEST, type OpenAlex, type Work, workDoi, workId } from './openalex.ts';

// The daily job that keeps publications current: each stored publication's OpenAlex work, its citations
// (`cited_by_count`) and whether it is retracted, and a DOI for those stored without one that OpenAlex
// matches by title and year. Instances sharing a database run it once a day between them: the first to
// insert the day's row in job_claim runs it (an insert that conflicts inserts nothing, on both databases),
// the others skip the day; a run that fails gives its claim back for the next hourly check. Every request
// is made before anything is written, and the writes are one transaction: an index that fails changes nothing.
// Then the same instance searches for the members' new works (`proposeNewWorks`), proposed in the console.

const JOB = 'publication-sync';
/** How many publications without a DOI one run looks up by title (one request each). */
const TITLE_LOOKUPS = 100;
const CHECK_EVERY_MS = 3600_000;
const FIRST_CHECK_MS = 60_000;

/** Takes `period`'s run of `job` for this instance; false when another has it. */
async function claim(db: DB, job: string, period: string, who = instance): Promise<boolean> {
  const r = await db
    .insertInto('job_claim')
    .values({ job, period, instance: who, claimed_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

async function release(db: DB, job: string, period: string, who = instance): Promise<void> {
  await db.deleteFrom('job_claim').where('job', '=', job).where('period', '=', period).where('instance', '=', who).execute();
}

export type SyncSummary = { publications: number; counted: number; retracted: number; doisFound: number; brokenLinks?: number };

/** What OpenAlex says of the stored publications, asked in full before anything is written, then written in one transaction. */
export async function refreshPublications(db: DB, openalex: OpenAlex): Promise<SyncSummary> {
  const stored = await db.selectFrom('publication').select(['pid', 'title', 'year', 'doi']).execute();
  const synced = new Map((await db.selectFrom('publication_sync').selectAll().execute()).map((s) => [s.pid, s]));
  const found = new Map<number, Work>();
  const withDoi = stored.filter((p) => p.doi);
  for (let i = 0; i < withDoi.length; i += DOIS_PER_REQUEST) {
    const batch = withDoi.slice(i, i + DOIS_PER_REQUEST);
    const works = await openalex.worksByDoi(batch.map((p) => p.doi.toLowerCase()));
    for (const p of batch) {
      const w = works.get(p.doi.toLowerCase());
      if (w) found.set(p.pid, w);
    }
  }
  // no DOI: by the work accepted from OpenAlex, else a title search (bounded per run)
  const byWork = stored.filter((p) => !p.doi && synced.get(p.pid)?.openalex);
  for (let i = 0; i < byWork.length; i += DOIS_PER_REQUEST) {
    const batch = byWork.slice(i, i + DOIS_PER_REQUEST);
    const works = await openalex.worksById(batch.map((p) => synced.get(p.pid)?.openalex as string));
    for (const p of batch) {
      const w = works.get(synced.get(p.pid)?.openalex as string);
      if (w) found.set(p.pid, w);
    }
  }
  const doiFound = new Map<number, string>();
  for (const p of stored.filter((p) => !p.doi && !found.has(p.pid)).slice(0, TITLE_LOOKUPS)) {
    const match = (await openalex.worksByTitle(p.title, p.year)).find(
      (w) => titleKey(w.title ?? w.display_name ?? '') === titleKey(p.title) && w.publication_year === p.year,
    );
    if (match && workDoi(match)) doiFound.set(p.pid, workDoi(match).slice(0, 200));
  }
  const at = new Date().toISOString();
  const summary: SyncSummary = { publications: stored.length, counted: 0, retracted: 0, doisFound: doiFound.size };
  await db.transaction().execute(async (tx) => {
    for (const p of stored) {
      const w = found.get(p.pid);
      const values = {
        ...(w ? { openalex: workId(w), cited_by_count: w.cited_by_count ?? 0, cited_at: at, retracted: w.is_retracted ? 1 : 0 } : {}),
        doi_found: doiFound.get(p.pid) ?? '',
      };
      if (w) summary.counted++;
      if (w?.is_retracted) summary.retracted++;
      if (synced.has(p.pid)) await tx.updateTable('publication_sync').set(values).where('pid', '=', p.pid).execute();
      else if (w || doiFound.has(p.pid))
        await tx
          .insertInto('publication_sync')
          .values({ pid: p.pid, ...values })
          .execute();
    }
    // the rows of deleted publications
    const kept = new Set(stored.map((p) => p.pid));
    const gone = [...synced.keys()].filter((pid) => !kept.has(pid));
    if (gone.length > 0) await tx.deleteFrom('publication_sync').where('pid', 'in', gone).execute();
  });
  return summary;
}

/**
 * Today's run, on the instance that claims it; undefined when another instance has it. `links`: the links'
 * health too (server/sync/links.ts), after OpenAlex's part, which alone gives the claim back when it fails.
 */
export async function dailySync(db: DB, openalex: OpenAlex, now = new Date(), links?: (now: Date) => Promise<number>): Promise<SyncSummary | undefined> {
  const period = now.toISOString().slice(0, 10);
  if (!(await claim(db, JOB, period))) return undefined;
  let summary: SyncSummary;
  try {
    summary = await refreshPublications(db, openalex);
  } catch (e) {
    await release(db, JOB, period);
    throw e;
  }
  if (links) summary.brokenLinks = await links(now);
  return summary;
}

/**
 * The daily search for new works, on the instance that ran the day's job: the lab-wide
 * run the console's button starts (server/sync/runs.ts), started by no one; its proposals wait in the console
 * ("Find new papers" shows the latest run's, less what was added or dismissed since).
 */
export function proposeNewWorks(app: FastifyInstance): Promise<SyncRun> {
  return startRun({ db: app.lab.db, storage: app.lab.storage, actor: null, lang: 'en' }, () => indexesOf(app));
}

/** Checks within a minute of start and then every hour; SYNC_JOB=off stops it. */
export function scheduleSync(app: FastifyInstance, openalex: () => Promise<OpenAlex>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const check = () => {
    running = app.lab.jobs
      .time(JOB, async () => {
        const client = await openalex();
        return dailySync(app.lab.db, client, new Date(), (now) => checkLinks(app.lab.db, app.lab.config.sync, client.userAgent, now));
      })
      .then(async (s) => {
        if (s) await proposeNewWorks(app).catch((e: unknown) => app.log.error({ err: e }, 'the daily search for new works could not start'));
        if (s) app.log.info(s, 'publications synced with OpenAlex');
        // the pages showing citation counts and flags are rendered again
        if (s) app.lab.changes.changed('publication');
        if (s)
          return logActivity({ db: app.lab.db, actor: null }, { action: 'sync', resource: 'publication', detail: [`${s.counted}/${s.publications}`] }).catch(
            () => {},
          );
      })
      .catch((e: unknown) => {
        app.log.error({ err: e }, 'the publication sync failed');
        return logActivity({ db: app.lab.db, actor: null }, { action: 'sync', resource: 'publication', outcome: 'failed' }).catch(() => {});
      });
  };
  const first = setTimeout(check, FIRST_CHECK_MS);
  const every = setInterval(check, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
