import type { SyncConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import { parseLinks } from './flags.ts';

// The health of a publication's links: the daily job asks link1–link3 of each
// publication and remembers since when one has answered 404 (publication_sync.broken_links); the console
// flags a link that has for a week (server/sync/flags.ts). Any other answer, or none, clears it: only a
// 404 that lasts is a dead link. At most MAX_LINKS addresses a run, one at a time, politely.

const LINKS = ['link1', 'link2', 'link3'] as const;
const MAX_LINKS = 500;

/** The status `url` answers (HEAD, else GET where HEAD is refused); undefined when it cannot be asked. */
async function statusOf(url: string, config: SyncConfig, userAgent: string): Promise<number | undefined> {
  for (const method of ['HEAD', 'GET']) {
    try {
      const res = await fetch(url, { method, headers: { 'user-agent': userAgent }, redirect: 'follow', signal: AbortSignal.timeout(config.timeoutMs) });
      await res.body?.cancel();
      if (method === 'HEAD' && (res.status === 405 || res.status === 501)) continue;
      return res.status;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Checks the publications' links and records the 404s with the time each was first seen; returns how many answer 404. */
export async function checkLinks(db: DB, config: SyncConfig, userAgent: string, now = new Date()): Promise<number> {
  const rows = await db.selectFrom('publication').select(['pid', 'link1', 'link2', 'link3']).orderBy('pid').execute();
  const synced = new Map((await db.selectFrom('publication_sync').select(['pid', 'broken_links']).execute()).map((r) => [r.pid, parseLinks(r.broken_links)]));
  const next = new Map<number, Record<string, string>>();
  let asked = 0;
  for (const p of rows) {
    const before = synced.get(p.pid) ?? {};
    const after: Record<string, string> = {};
    for (const link of LINKS) {
      const url = p[link];
      if (!/^https?:\/\//i.test(url) || asked >= MAX_LINKS) continue;
      asked++;
      if ((await statusOf(url, config, userAgent)) === 404) after[link] = before[link] ?? now.toISOString();
      if (config.intervalMs > 0) await new Promise((r) => setTimeout(r, config.intervalMs));
    }
    if (JSON.stringify(after) !== JSON.stringify(before)) next.set(p.pid, after);
  }
  await db.transaction().execute(async (tx) => {
    for (const [pid, links] of next) {
      const broken_links = JSON.stringify(links);
      if (synced.has(pid)) await tx.updateTable('publication_sync').set({ broken_links }).where('pid', '=', pid).execute();
      else await tx.insertInto('publication_sync').values({ pid, broken_links }).execute();
    }
  });
  return [...rows].filter((p) => Object.keys(next.get(p.pid) ?? synced.get(p.pid) ?? {}).length > 0).length;
}
