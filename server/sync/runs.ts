import { randomBytes } from 'node:crypto';
import type { Lang } from '../../common/enums.ts';
import { isMessageKey, type MessageKey, t } from '../../common/messages.ts';
import type { SyncPreview, SyncRun } from '../../common/sync.ts';
import type { DB } from '../db/database.ts';
import { NotFound, Refused, Unavailable } from '../errors.ts';
import type { Ctx } from '../services/context.ts';
import { type Indexes, instance } from './index.ts';
import { findNewPapers, membersToAsk, stillProposed, withReason } from './proposals.ts';

// The lab-wide "Find new papers" as a run in the background: 200 members asked one to
// five rate-limited requests each take minutes, more than a browser or proxy waits for one answer. Starting
// answers at once; the instance that started it asks the indexes, and writes how many members are done (at
// most once a second, and a heartbeat while one member takes long) to sync_run, so that polling any instance
// sharing the database sees it. One run at a time for the whole site: the row's `slot` is 'lab' while it goes
// (a UNIQUE column). A run silent for STALE_MS (its instance died) is reported failed and another may start.
// The result is kept in both languages (the second computed from the answers the first got: no request
// twice), so each reader gets the preview the synchronous call would have given them; a failure is kept as
// its message key, shown in the reader's language. Nothing in the lab is written by a run.

/** A run with no sign of life for this long is failed. */
const STALE_MS = 10 * 60_000;
/** How often progress is written at most, and the heartbeat while a member takes long. */
const PROGRESS_MS = 1000;
const HEARTBEAT_MS = 30_000;
/** Finished runs kept (the latest). */
const KEEP = 5;
const SLOT = 'lab';

type Row = {
  id: string;
  state: string;
  done: number;
  total: number;
  works: number;
  started_at: string;
  started_by: number | null;
  updated_at: string;
  error: string | null;
  result: string | null;
};
const COLUMNS = ['id', 'state', 'done', 'total', 'works', 'started_at', 'started_by', 'updated_at', 'error', 'result'] as const;

type Stored = { key: MessageKey; params?: Record<string, string | number> };

/** A row as the reader sees it: the result and the error in their language. */
function view(row: Row, lang: Lang): SyncRun {
  const base = {
    id: row.id,
    state: row.state as SyncRun['state'],
    done: row.done,
    total: row.total,
    works: row.works,
    started_at: row.started_at,
    started_by: row.started_by,
  };
  if (row.state === 'failed') {
    const e = parseJson<Stored>(row.error);
    // a run failed before the network had words of its own stored its status as 'network'
    if (e?.key === 'sync_failed' && e.params?.status === 'network') e.key = 'sync_network';
    const key = e && isMessageKey(e.key) ? e.key : 'server_error';
    return { ...base, error: t(lang, key, e?.params ?? {}) };
  }
  if (row.state === 'done') {
    const result = parseJson<Record<Lang, SyncPreview>>(row.result)?.[lang];
    return result ? { ...base, result } : base;
  }
  return base;
}

function parseJson<T>(text: string | null): T | undefined {
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Fails the running run that has been silent for STALE_MS: its instance died. */
async function failStale(db: DB): Promise<void> {
  const before = new Date(Date.now() - STALE_MS).toISOString();
  await db
    .updateTable('sync_run')
    .set({ state: 'failed', slot: null, error: JSON.stringify({ key: 'sync_run_lost' }) })
    .where('slot', '=', SLOT)
    .where('updated_at', '<', before)
    .execute();
}

/** The runs this process is doing, per database: closing the app marks them failed. */
const active = new WeakMap<DB, Map<string, { stop: () => void }>>();

/**
 * Starts a lab-wide search, or answers the one already running (on any instance). The work goes on after
 * the answer, on this instance.
 */
export async function startRun(ctx: Ctx, indexes: () => Promise<Indexes>): Promise<SyncRun> {
  const { db } = ctx;
  await failStale(db);
  for (let attempt = 0; attempt < 3; attempt++) {
    const running = await db.selectFrom('sync_run').select(COLUMNS).where('slot', '=', SLOT).executeTakeFirst();
    if (running) return view(running, ctx.lang);
    const total = (await membersToAsk(ctx)).length;
    const at = new Date().toISOString();
    const row: Row = {
      id: randomBytes(12).toString('hex'),
      state: 'running',
      done: 0,
      total,
      works: 0,
      started_at: at,
      started_by: ctx.actor?.pid ?? null,
      updated_at: at,
      error: null,
      result: null,
    };
    const r = await db
      .insertInto('sync_run')
      .values({ ...row, slot: SLOT, instance })
      .onConflict((oc) => oc.column('slot').doNothing())
      .executeTakeFirst();
    // another instance started one between the look and the insert: answer that one
    if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
    // no member to ask: nothing to wait for, it ends before the answer (and writes nothing after it)
    if (total === 0) {
      await execute(ctx, indexes, row.id, total);
      return readRun(ctx, row.id);
    }
    void execute(ctx, indexes, row.id, total);
    return view(row, ctx.lang);
  }
  throw new Unavailable('server_error');
}

/** A row read, failed first when it is a running one silent for STALE_MS (a poll writes only then). */
async function fresh(db: DB, row: Row | undefined): Promise<Row | undefined> {
  if (row?.state !== 'running' || row.updated_at >= new Date(Date.now() - STALE_MS).toISOString()) return row;
  await failStale(db);
  return db.selectFrom('sync_run').select(COLUMNS).where('id', '=', row.id).executeTakeFirst();
}

/** A run as the reader sees it. */
export async function readRun(ctx: Ctx, id: string): Promise<SyncRun> {
  const row = await fresh(ctx.db, await ctx.db.selectFrom('sync_run').select(COLUMNS).where('id', '=', id).executeTakeFirst());
  if (!row) throw new NotFound();
  return current(ctx, view(row, ctx.lang));
}

/** A finished run's proposals as they stand now (server/sync/proposals.ts `stillProposed`). */
async function current(ctx: Ctx, run: SyncRun): Promise<SyncRun> {
  return run.result ? { ...run, result: withReason(ctx, await stillProposed(ctx, run.result)) } : run;
}

/** The latest run (to pick up one going when the screen is opened again), or null. */
export async function latestRun(ctx: Ctx): Promise<SyncRun | null> {
  const row = await fresh(ctx.db, await ctx.db.selectFrom('sync_run').select(COLUMNS).orderBy('started_at', 'desc').orderBy('id').limit(1).executeTakeFirst());
  return row ? current(ctx, view(row, ctx.lang)) : null;
}

/** The indexes answering each question once: the second language's preview reuses the first's answers. */
function remembering(indexes: Indexes): Indexes {
  const wrap = <T extends object>(target: T): T => {
    const seen = new Map<string, unknown>();
    return new Proxy(target, {
      get(obj, prop) {
        // read on the client itself: its private fields are not the proxy's
        const value = Reflect.get(obj, prop);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const key = `${String(prop)}\u0000${JSON.stringify(args)}`;
          if (!seen.has(key)) seen.set(key, (value as (...a: unknown[]) => unknown).apply(obj, args));
          return seen.get(key);
        };
      },
    });
  };
  return { openalex: wrap(indexes.openalex), orcid: wrap(indexes.orcid), dblp: wrap(indexes.dblp), relations: wrap(indexes.relations) };
}

/** The run itself, on this instance: never throws, its outcome is written to its row. */
async function execute(ctx: Ctx, indexesOf: () => Promise<Indexes>, id: string, total: number): Promise<void> {
  const { db } = ctx;
  const mine = active.get(db) ?? new Map<string, { stop: () => void }>();
  active.set(db, mine);
  let stopped = false;
  let progress = { done: 0, works: 0 };
  let writing: Promise<unknown> | undefined;
  let lastWrite = Date.now();
  // one write at a time, only while the run is this instance's and still running
  const write = () => {
    if (writing || stopped) return;
    lastWrite = Date.now();
    writing = db
      .updateTable('sync_run')
      .set({ done: progress.done, works: progress.works, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute()
      .catch(() => {})
      .finally(() => {
        writing = undefined;
      });
  };
  const heartbeat = setInterval(write, HEARTBEAT_MS);
  heartbeat.unref();
  mine.set(id, {
    stop: () => {
      stopped = true;
    },
  });
  const finish = async (values: { state: 'done' | 'failed'; result?: string; error?: string }) => {
    clearInterval(heartbeat);
    mine.delete(id);
    if (stopped) return;
    stopped = true;
    await writing;
    await db
      .updateTable('sync_run')
      .set({ ...values, slot: null, ...(values.state === 'done' ? { done: total, works: progress.works } : {}), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
    await prune(db);
  };
  try {
    const indexes = remembering(await indexesOf());
    const first = await findNewPapers({ ...ctx, lang: 'zh' }, indexes, undefined, (done, works) => {
      // a member who got an id since the start is asked too: the count stays within the total shown
      progress = { done: Math.min(done, total), works };
      if (Date.now() - lastWrite >= PROGRESS_MS) write();
    });
    progress.works = first.works;
    const second = await findNewPapers({ ...ctx, lang: 'en' }, indexes);
    await finish({ state: 'done', result: JSON.stringify({ zh: first, en: second }) });
  } catch (e) {
    const error: Stored = e instanceof Unavailable || e instanceof Refused ? { key: e.key, params: e.params } : { key: 'server_error' };
    await finish({ state: 'failed', error: JSON.stringify(error) }).catch(() => {});
  }
}

/** Deletes the finished runs older than the latest KEEP. */
async function prune(db: DB): Promise<void> {
  const old = await db
    .selectFrom('sync_run')
    .select('id')
    .where('slot', 'is', null)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .offset(KEEP)
    .limit(100)
    .execute();
  if (old.length > 0)
    await db
      .deleteFrom('sync_run')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}

/** Closing the app: this instance's runs stop writing and are failed now rather than after STALE_MS. */
export async function stopRuns(db: DB): Promise<void> {
  const mine = active.get(db);
  if (!mine) return;
  const ids = [...mine.keys()];
  for (const r of mine.values()) r.stop();
  mine.clear();
  if (ids.length > 0)
    await db
      .updateTable('sync_run')
      .set({ state: 'failed', slot: null, error: JSON.stringify({ key: 'sync_run_lost' }) })
      .where('id', 'in', ids)
      .where('state', '=', 'running')
      .execute()
      .catch(() => {});
}
