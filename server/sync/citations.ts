import type { DB } from '../db/database.ts';

// What the pages show of the daily job's findings: citation counts, only where the site
// setting `show_citations` is on (off by default), and a published record's preprint, always.

/** Whether the site shows citation counts. */
async function showsCitations(db: DB): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('show_citations').executeTakeFirst();
  return row?.show_citations === 1;
}

/** The citation counts OpenAlex gave for these publications (all when none are named), by pid: none when the site hides them. */
export async function citationCounts(db: DB, pids?: readonly number[]): Promise<Record<number, number>> {
  if (!(await showsCitations(db)) || pids?.length === 0) return {};
  let q = db.selectFrom('publication_sync').select(['pid', 'cited_by_count']).where('cited_by_count', 'is not', null);
  if (pids) q = q.where('pid', 'in', [...pids]);
  return Object.fromEntries((await q.execute()).map((r) => [r.pid, r.cited_by_count as number]));
}

/** The preprint a publication was before its published version replaced it in place ('' when none). */
export async function preprintOf(db: DB, pid: number): Promise<string> {
  const row = await db.selectFrom('publication_sync').select('preprint_url').where('pid', '=', pid).executeTakeFirst();
  return row?.preprint_url ?? '';
}
