import { t } from '../../common/messages.ts';
import type { Ctx } from '../services/context.ts';

/** How long a link must have answered 404 to be flagged. */
const BROKEN_FOR_MS = 7 * 24 * 3600_000;

/** The publications the daily job flagged, each with its flags in the reader's language. */
export async function publicationFlags(ctx: Ctx, now = Date.now()) {
  const rows = await ctx.db
    .selectFrom('publication_sync')
    .innerJoin('publication', 'publication.pid', 'publication_sync.pid')
    .select(['publication.pid', 'publication.title', 'publication_sync.retracted', 'publication_sync.doi_found', 'publication_sync.broken_links'])
    .where((eb) =>
      eb.or([eb('publication_sync.retracted', '=', 1), eb('publication_sync.doi_found', '!=', ''), eb('publication_sync.broken_links', '!=', '{}')]),
    )
    .orderBy('publication.pid')
    .execute();
  return rows.flatMap((r) => {
    const flags: string[] = [];
    if (r.retracted) flags.push(t(ctx.lang, 'sync_flag_retracted'));
    if (r.doi_found) flags.push(t(ctx.lang, 'sync_flag_doi', { doi: r.doi_found }));
    for (const [link, since] of Object.entries(parseLinks(r.broken_links)))
      if (now - Date.parse(since) >= BROKEN_FOR_MS) flags.push(t(ctx.lang, 'sync_flag_link', { link }));
    return flags.length > 0 ? [{ pid: r.pid, title: r.title, flags, ...(r.doi_found ? { doi_found: r.doi_found } : {}) }] : [];
  });
}

export function parseLinks(json: string): Record<string, string> {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
