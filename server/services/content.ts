import type { Lang } from '../../common/enums.ts';
import type { WireRow } from '../../common/resource.ts';
import type { PublicArticle, PublicNews, PublicSeminar } from '../../common/wire.ts';
import { article } from '../../common/resources/article.ts';
import { info } from '../../common/resources/info.ts';
import { news } from '../../common/resources/news.ts';
import { seminar, seminarBilingual } from '../../common/resources/seminar.ts';
import type { Ctx } from './context.ts';
import { isCreatorOrAdmin, nowIso } from './context.ts';
import { createCrud, type ListOptions, parseList } from './crud.ts';
import { sanitizeHtml } from './sanitize.ts';
import { writeWithFiles } from './transaction.ts';
import { asWire } from './wire.ts';
import { FieldError, NotFound } from '../errors.ts';

// Articles, news, seminars and info pages: the generic service plus SPEC §4's rules.

export const releaseLabel = (on: boolean, lang: Lang) => (lang === 'zh' ? (on ? '已发布' : '未发布') : on ? 'published' : 'unpublished');

export function displayTime(iso: unknown, lang: Lang): string {
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
    const wasReleased = Boolean(current?.release);
    if (values.release === 1 && !wasReleased) values.time3 = now;
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
export function withFallbacks(w: Record<string, unknown>): Record<string, unknown> {
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
export function publicNews(w: Record<string, unknown>): Record<string, unknown> {
  return { ...w, content_zh: sanitizeHtml(String(w.content_zh ?? '')), content_en: sanitizeHtml(String(w.content_en ?? '')) };
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

const isReleased: ListOptions['where'] = (q) => q.where('release', '=', 1);

/** Released news, newest first, with their HTML sanitized; `limit` reads only the latest few. */
export async function publishedNews(ctx: Ctx, limit?: number): Promise<PublicNews[]> {
  return asWire((await newsItems.list(ctx, { where: isReleased, ...(limit ? { limit } : {}) })).map(publicNews));
}

/** Seminars, newest first, each _zh/_en pair filled from the other, without the room password. */
export async function publicSeminars(ctx: Ctx, limit?: number): Promise<PublicSeminar[]> {
  return asWire((await seminars.list(ctx, limit ? { limit } : {})).map(({ room_pw: _, ...s }) => withFallbacks(s)));
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
    where: isReleased,
    columns: articleListColumns,
    orderBy: [
      ['time3', 'desc'],
      ['aid', 'desc'],
    ],
    ...window,
  });
  return asWire(items);
}

/** Published articles with their bodies, for the site search (server/search/). */
export async function publishedArticleTexts(
  ctx: Ctx,
): Promise<Pick<WireRow<typeof article>, 'aid' | 'slug' | 'title' | 'abstract' | 'authors' | 'markdown' | 'time3'>[]> {
  return asWire(await articles.list(ctx, { where: isReleased, columns: ['aid', 'slug', 'title', 'abstract', 'authors', 'markdown', 'time3'] }));
}

/** How many articles are published. */
export const publishedArticleCount = (ctx: Ctx) => articles.count(ctx, isReleased);

/** One published article by id or slug; NotFound for anything else. */
export async function publishedArticle(ctx: Ctx, key: { aid: number } | { slug: string }): Promise<PublicArticle> {
  const q = ctx.db.selectFrom('article').selectAll();
  const row =
    'aid' in key
      ? await q.where('aid', '=', key.aid).executeTakeFirst()
      : key.slug.length <= 80
        ? await q.where('slug', '=', key.slug).executeTakeFirst()
        : undefined;
  if (!row?.release) throw new NotFound();
  return asWire(articles.toWire(row, ctx.lang));
}
