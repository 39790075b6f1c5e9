import { sql } from 'kysely';
import type { Lang } from '../../common/enums.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { defaults, inputSchema } from '../../common/resource.ts';
import { PAGE_SLUG_RE, page } from '../../common/resources/page.ts';
import { showcase } from '../../common/resources/showcase.ts';
import { adminOnlySettings, SITE_ID, site } from '../../common/resources/site.ts';
import type { PublicPage, PublicShowcase } from '../../common/wire.ts';
import { releaseLabel } from './content.ts';
import { loose, type TableRow } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { createCrud, type WriteArgs } from './crud.ts';
import { asWire } from './wire.ts';
import { FieldError, InputError, NotFound } from '../errors.ts';

// Course and shared-task pages, the home page's showcase items and the site settings record: the
// generic service plus a slug rule and the reads the public pages make. Every write drops the cached
// public pages under the topic 'site' (the footer shows on all of them).

type Row = Record<string, unknown>;

const decorate = (w: Row, lang: Lang) => ({ ...w, releasestr: releaseLabel(Boolean(w.release), lang) });

/** A slug is unique within its section, compared without case (the public read ignores case). */
async function uniqueSlug({ ctx, values, current }: WriteArgs<TableRow<'site_page'>>) {
  if (values.section === undefined && values.slug === undefined) return;
  const section = String(values.section ?? current?.section ?? '');
  const slug = String(values.slug ?? current?.slug ?? '');
  const clash = await ctx.db
    .selectFrom(page.table)
    .select(page.id)
    .where('section', '=', section)
    .where(sql`lower(slug)`, '=', slug.toLowerCase())
    .executeTakeFirst();
  if (clash && clash.gid !== current?.gid) throw FieldError.one('slug', 'taken_slug');
}

export const pages = createCrud(page, { publicTopic: 'site', decorate, beforeWrite: uniqueSlug });

export const showcaseItems = createCrud(showcase, { publicTopic: 'site', decorate });

export const siteRecord = createCrud(site, { publicTopic: 'site', hidden: [site.id] });

/** Released pages of a section (unreleased ones with `released` false: the console's search), in the administrator's order. */
export async function publicPages(ctx: Ctx, section: 'course' | 'sharedtask', released = true): Promise<PublicPage[]> {
  const rows = await ctx.db
    .selectFrom(page.table)
    .selectAll()
    .where('section', '=', section)
    .where('release', '=', released ? 1 : 0)
    .orderBy('order')
    .orderBy('gid')
    .execute();
  return asWire(rows.map((r) => pages.toWire(r, ctx.lang)));
}

/** One released page of a section by its slug, whatever its case; NotFound otherwise. */
export async function publicPage(ctx: Ctx, section: 'course' | 'sharedtask', slug: string): Promise<PublicPage> {
  if (!PAGE_SLUG_RE.test(slug)) throw new NotFound();
  const row = await ctx.db
    .selectFrom(page.table)
    .selectAll()
    .where('section', '=', section)
    .where(sql`lower(slug)`, '=', slug.toLowerCase())
    .where('release', '=', 1)
    .executeTakeFirst();
  if (!row) throw new NotFound();
  return asWire(pages.toWire(row, ctx.lang));
}

/** Released showcase items (of one kind, or all; unreleased ones with `released` false), in the administrator's order. */
export async function publicShowcase(ctx: Ctx, kind?: 'carousel' | 'tool' | 'project', released = true): Promise<PublicShowcase[]> {
  let q = ctx.db
    .selectFrom(showcase.table)
    .selectAll()
    .where('release', '=', released ? 1 : 0);
  if (kind !== undefined) q = q.where('kind', '=', kind);
  const rows = await q.orderBy('order').orderBy('cid').execute();
  return asWire(rows.map((r) => showcaseItems.toWire(r, ctx.lang)));
}

type SiteFields = typeof site.fields;

/** The site settings as every read answers them: each declared field, images as a URL or null. */
export type SiteSettings = {
  [K in keyof SiteFields]: SiteFields[K]['kind'] extends 'image'
    ? string | null
    : SiteFields[K]['kind'] extends 'bool'
      ? boolean
      : SiteFields[K] extends { options: readonly { value: infer V }[] }
        ? V
        : string;
};

/**
 * The stored settings, or before the first save the declared defaults (lab names, console titles)
 * and empty values. Only declared fields leave: nothing else the table may ever hold.
 */
export async function siteSettings(ctx: Ctx): Promise<SiteSettings> {
  const row = await ctx.db.selectFrom(site.table).selectAll().where(site.id, '=', SITE_ID).executeTakeFirst();
  const stored: Row = row ? siteRecord.toWire(row, ctx.lang) : defaults(site);
  const out: Row = {};
  for (const [name, def] of Object.entries(site.fields)) {
    const v = stored[name];
    // nothing stored yet: the kind's empty value (no picture, a switch off, an empty text)
    out[name] = v === undefined || v === null || v === '' ? kindOf(def).empty(def) : kindOf(def).read(v);
  }
  return out as SiteSettings;
}

/** What the public reads of the settings: not those only administrators see. */
export async function publicSiteSettings(ctx: Ctx): Promise<Omit<SiteSettings, (typeof adminOnlySettings)[number]>> {
  const all: Partial<SiteSettings> = await siteSettings(ctx);
  for (const name of adminOnlySettings) delete all[name];
  return all as Omit<SiteSettings, (typeof adminOnlySettings)[number]>;
}

/**
 * Saves the settings from input as sent (multipart strings, JSON values or uploads): validated as an
 * update, so an absent field is unchanged and an optional one sent empty is cleared. The first save
 * creates the row from the defaults.
 */
export async function saveSiteSettings(ctx: Ctx, input: Record<string, unknown>): Promise<void> {
  const parsed = inputSchema(site, 'update').safeParse(input ?? {});
  if (!parsed.success) throw new InputError(parsed.error.issues);
  // the row's first values come from the declaration's defaults: the loose view (db/schema.ts)
  const inserted = await loose(ctx.db)
    .insertInto(site.table)
    // booleans as the table keeps them (0/1)
    .values({ [site.id]: SITE_ID, ...Object.fromEntries(Object.entries(defaults(site)).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v])) })
    .onConflict((oc) => oc.column(site.id).doNothing())
    .executeTakeFirst();
  try {
    await siteRecord.update(ctx, SITE_ID, parsed.data);
  } catch (e) {
    // a refused first save leaves no row behind: a refused write changes nothing
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await ctx.db.deleteFrom(site.table).where(site.id, '=', SITE_ID).execute();
    throw e;
  }
}
