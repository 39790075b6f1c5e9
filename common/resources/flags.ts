import type { FieldDef } from '../fields.ts';

// The fields several resources share, with how the console names and switches them.

/** Whether a record shows on the public site; `initially` is its value in a new record. */
export const released = (initially: boolean) =>
  ({
    kind: 'bool',
    label: { zh: '发布', en: 'Published' },
    default: initially,
    states: { on: { zh: '已发布', en: 'Published' }, off: { zh: '未发布', en: 'Unpublished' } },
    toggle: {
      on: { zh: '发布', en: 'Publish' },
      off: { zh: '取消发布', en: 'Unpublish' },
      confirmOn: { zh: '确认发布？', en: 'Confirm publish?' },
      confirmOff: { zh: '确认取消发布？', en: 'Cancel publish?' },
    },
  }) as const satisfies FieldDef;

/**
 * When a released record appears on the public site: none, or a moment that has come, is at
 * once; a moment to come keeps it off every public page, feed and search until then. The console edits
 * it as Beijing time (common/instant.ts).
 */
export const publishAt = {
  kind: 'instant',
  label: { zh: '定时发布（北京时间）', en: 'Publish at (Beijing time)' },
  nullable: true,
  // one control with the release switch: Draft / Publish now / Schedule at
  widget: 'publishing',
} as const satisfies FieldDef;

/** The release switch a `publishing` widget sets together with the publish time (declared with `released`). */
export const RELEASE = 'release';

/** Where a record with `release` and `publish_at` stands: a draft, scheduled, or on the public site. */
export type PublicState = 'draft' | 'scheduled' | 'published';

/**
 * The public rule (released, and its publish time, if any, come) as the console shows it; the public
 * reads apply the same rule in SQL (`isPublic`, server/services/content.ts).
 */
export function publicState(row: { readonly release?: unknown; readonly publish_at?: unknown }, now: Date = new Date()): PublicState {
  if (!(row.release === true || row.release === 1)) return 'draft';
  const at = typeof row.publish_at === 'string' && row.publish_at !== '' ? Date.parse(row.publish_at) : Number.NaN;
  return at > now.getTime() ? 'scheduled' : 'published';
}
