import type { Lang } from '../../common/enums.ts';
import type { FieldDef } from '../../common/fields.ts';
import { kindOf, parseList } from '../../common/kinds/index.ts';
import { type FieldErrors, zodFieldErrors } from '../../common/messages.ts';
import { type PublicState, publicState } from '../../common/resources/flags.ts';
import { inputSchema, type PublicResource, recordTitle, type WireRow } from '../../common/resource.ts';
import type { PublicArticle, PublicNews, PublicSeminar } from '../../common/wire.ts';
import { article } from '../../common/resources/article.ts';
import { info } from '../../common/resources/info.ts';
import { news } from '../../common/resources/news.ts';
import { seminar, seminarBilingual } from '../../common/resources/seminar.ts';
import { type Topic, topicOf } from '../cache/changes.ts';
import type { DB } from '../db/database.ts';
import { loose, type TableName } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { isCreatorOrAdmin, nowIso } from './context.ts';
import { logActivity } from './activity.ts';
import { type Crud, createCrud, type ListOptions } from './crud.ts';
import { rowToWire } from './records.ts';
import { sanitizeHtml } from './sanitize.ts';
import { writeWithFiles } from './transaction.ts';
import { asWire } from './wire.ts';
import { FieldError, Forbidden, NotFound, Unauthenticated } from '../errors.ts';

// Articles, news, seminars and info pages: the generic service plus SPEC §4's rules.

export const releaseLabel = (on: boolean, lang: Lang) => (lang === 'zh' ? (on ? '已发布' : '未发布') : on ? 'published' : 'unpublished');

function displayTime(iso: unknown, lang: Lang): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}

export const articles = createCrud(article, {
  hidden: ['created_by'],
  publicTopic: 'article',
  decorate(w, lang) {
    return {
      ...w,
      releasestr: releaseLabel(Boolean(w.release), lang),
      timestr1: displayTime(w.time1, lang),
      timestr2: displayTime(w.time2, lang),
      timestr3: displayTime(w.time3, lang),
    };
  },
  async beforeWrite({ ctx, mode, input, values, current }) {
    const now = nowIso();
    const shownBefore = current ? isShown(current, now) : false;
    const releaseOnly = mode === 'update' && Object.keys(input).every((k) => k === 'release');
    if (mode === 'create') {
      values.time1 = now;
      values.created_by = ctx.actor?.pid ?? null;
    }
    if (!releaseOnly) {
      values.time2 = now;
      // SPEC §4: saving adds the current user's name to the editors
      const name = ctx.actor ? ctx.actor.name_zh || ctx.actor.name_en : '';
      const editors = 'editors' in input ? parseList(values.editors) : parseList(current?.editors);
      if (name && !editors.includes(name)) values.editors = JSON.stringify([...editors, name]);
    } else if (mode === 'update' && current && !current.time2) values.time2 = now;
    // time3 is when it goes public (SPEC §4 "time3 set to now" on publishing): now, or the publish time a
    // scheduled one waits for, so that it carries that date and takes its place in the lists when it comes
    const after = { release: values.release ?? current?.release, publish_at: 'publish_at' in values ? values.publish_at : current?.publish_at };
    if (after.release === 1) {
      const at = typeof after.publish_at === 'string' && after.publish_at > now ? after.publish_at : now;
      if (!shownBefore || at > now) values.time3 = at;
    }
    if (values.slug === '') values.slug = null;
    if (typeof values.slug === 'string') {
      const clash = await ctx.db.selectFrom('article').select('aid').where('slug', '=', values.slug).executeTakeFirst();
      if (clash && clash.aid !== current?.aid) throw FieldError.one('slug', 'taken_slug');
    }
  },
  canDelete: isCreatorOrAdmin,
});

export const newsItems = createCrud(news, {
  publicTopic: 'news',
  decorate(w, lang) {
    const emph = Boolean(w.emphasize);
    return {
      ...w,
      releasestr: releaseLabel(Boolean(w.release), lang),
      emphasizestr: lang === 'zh' ? (emph ? '已强调' : '未强调') : emph ? 'emphasized' : 'not emphasized',
    };
  },
});

/** A seminar as the public reads it: each _zh/_en pair falls back to the other when empty. */
function withFallbacks(w: Record<string, unknown>): Record<string, unknown> {
  const out = { ...w };
  for (const f of seminarBilingual) {
    const zh = String(out[`${f}_zh`] ?? '');
    const en = String(out[`${f}_en`] ?? '');
    out[`${f}_zh`] = zh || en;
    out[`${f}_en`] = en || zh;
  }
  return out;
}

// The console reads each _zh/_en field as stored (an editor must see an empty variant as empty);
// the public read (read_seminar) applies withFallbacks.
export const seminars = createCrud(seminar, {
  publicTopic: 'seminar',
  decorate(w, lang) {
    const room = w.room_type === 'Tencent meeting' ? (lang === 'zh' ? '腾讯会议' : 'Tencent Meeting') : 'zoom';
    return { ...w, room_type_str: room };
  },
});

export const infoPages = createCrud(info, {});

/** Public HTML fields pass through the allow-list sanitizer on the way out. */
async function publicNews(w: Record<string, unknown>): Promise<Record<string, unknown>> {
  const [content_zh, content_en] = await Promise.all([sanitizeHtml(String(w.content_zh ?? '')), sanitizeHtml(String(w.content_en ?? ''))]);
  return { ...w, content_zh, content_en };
}

/**
 * SPEC §7 "PUT /api/info/": the whole list of pages; each listed page is updated (aspect, markdown,
 * order). A field a page leaves out is unchanged; a new page (iid -1) without order takes its position.
 */
export async function saveInfoList(ctx: Ctx, pages: { iid: number; aspect?: string; markdown?: string; order?: number }[]) {
  const existing = await ctx.db.selectFrom('info_page').selectAll().execute();
  const known = new Map(existing.map((r) => [r.iid, r]));
  for (const p of pages) if (p.iid !== -1 && !known.has(p.iid)) throw FieldError.one(`iid ${p.iid}`, 'not_found');
  // one transaction; each page through the generic service, so each change is logged and kept in history
  await writeWithFiles(ctx, async (tx) => {
    for (const [i, p] of pages.entries()) {
      const values: Record<string, unknown> = {};
      if (p.order !== undefined) values.order = p.order;
      if (p.aspect !== undefined) values.aspect = p.aspect;
      if (p.markdown !== undefined) values.markdown = p.markdown;
      if (p.iid === -1) {
        await infoPages.create(tx, { aspect: p.aspect ?? '', markdown: p.markdown ?? '', order: p.order ?? i });
        continue;
      }
      const stored = known.get(p.iid) as Record<string, unknown>;
      // the console sends the whole list: a page it sends unchanged is not a change
      if (Object.entries(values).some(([k, v]) => stored[k] !== v)) await infoPages.update(tx, p.iid, values);
    }
  });
}

// What the public may read (SPEC §7 read_* calls and the public pages): one place for each rule.

/**
 * The one rule of what the public sees of articles, news and seminars: released, and its
 * publish time, if it has one, come. Every public read, list, count and single read, goes through it. The
 * moments are stored as UTC text of one length (common/instant.ts), so comparing text compares times on
 * both databases; `now` is this instance's clock, the same one its publish timer runs on.
 */
function isPublic(now: string = nowIso()): NonNullable<ListOptions['where']> {
  return (q) => q.where('release', '=', 1).where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)]));
}

/** The records the public does not see (drafts, and those scheduled for later): the console's search of them. */
function isUnpublished(now: string = nowIso()): NonNullable<ListOptions['where']> {
  return (q) => q.where((eb) => eb.or([eb('release', '=', 0), eb('publish_at', '>', now)]));
}

/** The same rule for a stored row in hand (a write deciding whether the record was public). */
const isShown = (row: { release: number; publish_at: string | null }, now: string) => row.release === 1 && (row.publish_at === null || row.publish_at <= now);

/** The kinds of record a publish time applies to, by the topic their changes are announced under. */
export const scheduledTables = { article: 'article', news: 'news', seminar: 'seminar' } as const satisfies Partial<Record<Topic, TableName>>;

/**
 * The earliest publish time still to come of each kind's released records (the publish timer,
 * server/cache/publish-timer.ts), earliest first; a draft's time is not awaited. `declared`: the declared
 * public resources whose public window ends (`public.until`), each with the earliest end still to come of
 * its released records, under its name.
 */
export async function nextPublications(db: DB, now: string = nowIso(), declared: readonly PublicResource[] = []): Promise<{ topic: Topic; at: string }[]> {
  const out: { topic: Topic; at: string }[] = [];
  for (const [topic, table] of Object.entries(scheduledTables) as [keyof typeof scheduledTables, TableName][]) {
    const row = await loose(db)
      .selectFrom(table)
      .select((eb) => eb.fn.min('publish_at').as('at'))
      .where('release', '=', 1)
      .where('publish_at', '>', now)
      .executeTakeFirst();
    if (typeof row?.at === 'string') out.push({ topic, at: row.at });
  }
  for (const res of declared) {
    const { until, releasedBy } = res.public;
    if (!until) continue;
    let q = loose(db)
      .selectFrom(res.table as TableName)
      .select((eb) => eb.fn.min(until).as('at'))
      .where(until, '>', now);
    if (releasedBy) q = q.where(releasedBy, '=', 1);
    const row = await q.executeTakeFirst();
    if (typeof row?.at === 'string') out.push({ topic: topicOf(res), at: row.at });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

const scheduledResources = { article, news, seminar } as const;

/** How far back the log looks for a record gone public at its time that it has not named yet. */
const PUBLISH_LOG_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The activity log's entries of records that went public at their time: each released record
 * of these kinds whose publish time has come (within the last day) and that the log has not yet named as
 * published at that time, logged as the system (no actor), its title as the detail. Called by the publish
 * timer when it fires; the check makes a second instance's timer, or a second firing, add nothing.
 */
export async function logPublications(db: DB, topics: readonly Topic[], now: string = nowIso()): Promise<Published[]> {
  const logged: Published[] = [];
  const since = new Date(Date.parse(now) - PUBLISH_LOG_WINDOW_MS).toISOString();
  for (const topic of topics) {
    if (!Object.hasOwn(scheduledTables, topic)) continue;
    const res = scheduledResources[topic as keyof typeof scheduledTables];
    const rows = await loose(db)
      .selectFrom(res.table)
      .selectAll()
      .where('release', '=', 1)
      .where('publish_at', '<=', now)
      .where('publish_at', '>', since)
      .execute();
    for (const row of rows) {
      const id = String(row[res.id]);
      const at = String(row.publish_at);
      const title = recordTitle(res, rowToWire(res, row), 'zh') || recordTitle(res, rowToWire(res, row), 'en');
      const first = await db.transaction().execute(async (tx) => {
        const known = await tx
          .selectFrom('activity')
          .select('eid')
          .where('action', '=', 'publish')
          .where('resource', '=', res.name)
          .where('record', '=', id)
          .where('at', '>=', at)
          .executeTakeFirst();
        if (known) return false;
        await logActivity({ db: tx, actor: null, address: '' }, { action: 'publish', resource: res.name, record: id, detail: [title.replaceAll(',', '，')] });
        return true;
      });
      if (first) logged.push({ resource: res.name, label: res.label, record: id, title });
    }
  }
  return logged;
}

/** A record gone public at its time, as logPublications logged it (the first to log it: one instance). */
export type Published = { resource: string; label: { zh: string; en: string }; record: string; title: string };

/** Released news, newest first, with their HTML sanitized; `limit` reads only the latest few (after `offset` of them). */
export async function publishedNews(ctx: Ctx, limit?: number, offset = 0): Promise<PublicNews[]> {
  const list = await newsItems.list(ctx, { where: isPublic(), ...(limit ? { limit, offset } : {}) });
  return asWire(await Promise.all(list.map(({ publish_at: _, ...n }) => publicNews(n))));
}

export const publishedNewsCount = (ctx: Ctx) => newsItems.count(ctx, isPublic());

/** Every released news item's id and date, newest first (the sitemap's entries: no content read). */
export async function publishedNewsDates(ctx: Ctx): Promise<{ nid: number; date: string }[]> {
  const rows = await newsItems.list(ctx, { where: isPublic(), columns: ['nid', 'date'] });
  return rows.map((r) => ({ nid: Number(r.nid), date: String(r.date ?? '') }));
}

/**
 * One released news item, and how many released items come before it in the archive's order (newest first:
 * by date, then by id), so its page can point to the archive page holding it; NotFound for anything else.
 */
export async function publishedNewsItem(ctx: Ctx, nid: number): Promise<{ item: PublicNews; newer: number }> {
  if (!Number.isSafeInteger(nid)) throw new NotFound();
  const visible = isPublic();
  const [found] = await newsItems.list(ctx, { where: (q) => visible(q.where('nid', '=', nid)), limit: 1 });
  if (!found) throw new NotFound();
  const { publish_at: _, ...n } = found;
  const date = String(n.date);
  const newer = await newsItems.count(ctx, (q) =>
    visible(q).where((eb) => eb.or([eb('date', '>', date), eb.and([eb('date', '=', date), eb('nid', '>', nid)])])),
  );
  return { item: asWire(await publicNews(n)), newer };
}

/** A seminar as the public sees it: each _zh/_en pair filled from the other, without the room password or its publishing state. */
const publicSeminar = ({ room_pw: _, release: __, publish_at: ___, ...s }: Record<string, unknown>) => withFallbacks(s);

/** Released seminars, newest first (see publicSeminar). */
export async function publicSeminars(ctx: Ctx, limit?: number): Promise<PublicSeminar[]> {
  return asWire((await seminars.list(ctx, { where: isPublic(), ...(limit ? { limit } : {}) })).map(publicSeminar));
}

/** The columns of an article list item: everything but the body. */
const articleListColumns = [
  'aid',
  'slug',
  'title',
  'abstract',
  'image_url',
  'type',
  'type_num',
  'authors',
  'editors',
  'release',
  'time1',
  'time2',
  'time3',
] as const;

/** An article as the published lists read it: its list columns with what the server adds. */
export type ArticleListItem = Pick<WireRow<typeof article>, (typeof articleListColumns)[number] | keyof NonNullable<(typeof article)['derived']>>;

/** Published articles as list items (no body), the most recently published first; a window of them with `limit`. */
export async function publishedArticles(ctx: Ctx, window: { limit?: number; offset?: number } = {}): Promise<ArticleListItem[]> {
  const items = await articles.list(ctx, {
    where: isPublic(),
    columns: articleListColumns,
    orderBy: [
      ['time3', 'desc'],
      ['aid', 'desc'],
    ],
    ...window,
  });
  return asWire(items);
}

/** Articles the public does not see yet, with their bodies and publishing state: the console's search. */
export async function unpublishedArticleTexts(
  ctx: Ctx,
): Promise<Pick<WireRow<typeof article>, 'aid' | 'slug' | 'title' | 'abstract' | 'authors' | 'markdown' | 'time3' | 'release'>[]> {
  return asWire(await articles.list(ctx, { where: isUnpublished(), columns: ['aid', 'slug', 'title', 'abstract', 'authors', 'markdown', 'time3', 'release'] }));
}

/** News items the public does not see yet: the console's search. */
export async function unpublishedNews(ctx: Ctx): Promise<(PublicNews & { release: boolean })[]> {
  const list = await newsItems.list(ctx, { where: isUnpublished() });
  return asWire(await Promise.all(list.map(async ({ publish_at: _, release, ...n }) => ({ ...(await publicNews(n)), release: Boolean(release) }))));
}

/** Published articles with their bodies, for the site search (server/search/). */
export async function publishedArticleTexts(
  ctx: Ctx,
): Promise<Pick<WireRow<typeof article>, 'aid' | 'slug' | 'title' | 'abstract' | 'authors' | 'markdown' | 'time3'>[]> {
  return asWire(await articles.list(ctx, { where: isPublic(), columns: ['aid', 'slug', 'title', 'abstract', 'authors', 'markdown', 'time3'] }));
}

/** How many articles are published. */
export const publishedArticleCount = (ctx: Ctx) => articles.count(ctx, isPublic());

/** One published article by id or slug; NotFound for anything else. */
export async function publishedArticle(ctx: Ctx, key: { aid: number } | { slug: string }): Promise<PublicArticle> {
  if ('aid' in key ? !Number.isSafeInteger(key.aid) : key.slug.length > 80) throw new NotFound();
  const visible = isPublic();
  const [found] = await articles.list(ctx, { where: (q) => visible('aid' in key ? q.where('aid', '=', key.aid) : q.where('slug', '=', key.slug)), limit: 1 });
  if (!found) throw new NotFound();
  const { publish_at: _, ...a } = found;
  return asWire(a);
}

// Previews: a record as its public page would show it once published, for the members who
// edit it, whatever its state; with the editor's unsaved fields on top when given. Nothing is written.

/** The kinds a preview renders: articles (their page), news and seminars (the home page). */
const previewable = { article: articles, news: newsItems, seminar: seminars } as const;
export type PreviewKind = keyof typeof previewable;
export const isPreviewKind = (v: string): v is PreviewKind => Object.hasOwn(previewable, v);

/** Where the previewed record stands (its publish time for a scheduled one), besides what its page shows. */
type Standing = { state: PublicState; publish_at: string | null };
export type Preview =
  | ({ kind: 'article'; article: PublicArticle } & Standing)
  | ({ kind: 'news'; news: PublicNews } & Standing)
  | ({ kind: 'seminar'; seminar: PublicSeminar } & Standing)
  | { kind: 'invalid'; errors: FieldErrors };

/** A field's value in a record that has none yet (a new one), as a read answers it. */
function emptyWire(def: FieldDef): unknown {
  if (def.default !== undefined) return typeof def.default === 'function' ? def.default() : def.default;
  return kindOf(def).empty(def);
}

/**
 * The preview of record `id` of `kind` (null: a new one), for a member who may read that kind in the
 * console; `edits` are fields as the editor would send them, checked by the very schema a save uses (a
 * refusal is answered, not thrown). Files are not previewed: a new picture shows once saved, and a picture
 * field keeps the stored one unless the edits remove it.
 */
export async function previewRecord(ctx: Ctx, kind: PreviewKind, id: number | null, edits?: Record<string, unknown>): Promise<Preview> {
  const crud: Crud = previewable[kind];
  const { res } = crud;
  if (!ctx.actor) throw new Unauthenticated();
  if (res.access.read === 'admin' && ctx.actor.authority !== 'admin') throw new Forbidden();
  const base: Record<string, unknown> =
    id === null
      ? Object.fromEntries([[res.id, 0], ...Object.entries(res.fields).flatMap(([name, def]) => (kindOf(def).secret ? [] : [[name, emptyWire(def)]]))])
      : await crud.get(ctx, id);
  const record = { ...base };
  if (edits) {
    const parsed = inputSchema(res, id === null ? 'create' : 'update').safeParse(edits);
    if (!parsed.success) return { kind: 'invalid', errors: zodFieldErrors(ctx.lang, parsed.error.issues) };
    for (const [name, value] of Object.entries(parsed.data)) {
      if (value === undefined) continue;
      const def = res.fields[name];
      const kind = def && kindOf(def);
      if (!kind)
        record[name] = value; // an enum's number
      // a file is not previewed: a picture shows once saved, unless the edits remove it
      else if (kind.upload) {
        if (value === '') record[name] = kind.empty(def);
      } else if (!kind.secret) record[name] = value === '' ? kind.read(kind.store(value)) : value;
    }
  }
  const now = nowIso();
  const standing: Standing = {
    state: publicState(record, new Date(now)),
    publish_at: typeof record.publish_at === 'string' ? record.publish_at : null,
  };
  if (kind === 'article' && standing.state !== 'published') {
    // the date it would carry (time3): its publish time to come, else now
    record.time3 = typeof record.publish_at === 'string' && record.publish_at > now ? record.publish_at : now;
  }
  const wire = crud.hooks.decorate ? crud.hooks.decorate(record, ctx.lang, record) : record;
  const { publish_at: _, ...shown } = wire;
  if (kind === 'article') {
    const { created_by: __, ...a } = shown;
    return { kind, article: asWire(a), ...standing };
  }
  if (kind === 'news') return { kind, news: asWire(await publicNews(shown)), ...standing };
  return { kind, seminar: asWire(publicSeminar(wire)), ...standing };
}
