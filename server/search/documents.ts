import { areas, enumLabel, personTypes } from '../../common/enums.ts';
import { paths } from '../../common/paths.ts';
import type { SearchKind } from '../../common/search.ts';
import type { ChangedRecord, Topic } from '../cache/changes.ts';
import { publishedArticleTexts, publishedNews, unpublishedArticleTexts, unpublishedNews } from '../services/content.ts';
import type { Ctx } from '../services/context.ts';
import { publicPeople, publicPersonPages } from '../services/people.ts';
import { publications } from '../services/publications.ts';
import { publicPages, publicShowcase } from '../services/site.ts';
import { asWire } from '../services/wire.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { publicationIdentifiers } from './identifiers.ts';
import { textOfHtml, textOfMarkdown } from './text.ts';
import { mapInTurns } from './turns.ts';

// What the search finds: the records the public pages show, read through the same public services
// (so a draft, a private file or a member's personal data can never be found), each as one document.

/** A text in both languages; one that has a single language holds it in both. */
type Bilingual = { zh: string; en: string };

export type SearchDoc = {
  /** `{kind}:{id}` */
  id: string;
  /** A fixed kind, or the name of a declared public resource. */
  kind: SearchKind;
  title: Bilingual;
  /** Authors, a member's names: ranked with the title. */
  names: string;
  keywords: string;
  /** Where it appeared, with the year. */
  venue: string;
  body: Bilingual;
  url: string | null;
  external: boolean;
  meta: Bilingual;
  /** Its DOI, arXiv id and ISBN as search terms (identifiers.ts). */
  ids?: string[];
};

const same = (s: string): Bilingual => ({ zh: s, en: s });
const both = (zh: string, en: string): Bilingual => ({ zh: zh || en, en: en || zh });

const month = (m: number | undefined) => (m ? `.${String(m).padStart(2, '0')}` : '');

const PUBLICATION_COLUMNS = ['pid', 'title', 'author', 'source', 'year', 'month', 'abstract', 'keywords', 'doi', 'isbn', 'link1', 'link2', 'link3', 'link4'];
type PublicationRow = Pick<
  PublicPublication,
  'pid' | 'title' | 'author' | 'source' | 'year' | 'month' | 'abstract' | 'keywords' | 'doi' | 'isbn' | 'link1' | 'link2' | 'link3' | 'link4'
>;

async function publicationDocs(ctx: Ctx): Promise<SearchDoc[]> {
  return publicationRowDocs(asWire<PublicationRow[]>(await publications.list(ctx, { columns: PUBLICATION_COLUMNS })));
}

/** Every publication is public: the named ones that still exist, a few hundred ids a query. */
async function somePublicationDocs(ctx: Ctx, pids: readonly number[]): Promise<SearchDoc[]> {
  const rows: PublicationRow[] = [];
  for (let i = 0; i < pids.length; i += 500) {
    const part = pids.slice(i, i + 500);
    rows.push(...asWire<PublicationRow[]>(await publications.list(ctx, { columns: PUBLICATION_COLUMNS, where: (q) => q.where('pid', 'in', part) })));
  }
  return publicationRowDocs(rows);
}

function publicationRowDocs(rows: PublicationRow[]): SearchDoc[] {
  return rows.map((p) => {
    const venue = [p.source, p.year ? `${p.year}${month(p.month ?? undefined)}` : ''].filter(Boolean).join(' · ');
    return {
      id: `publication:${p.pid}`,
      kind: 'publication',
      title: same(p.title),
      names: p.author.join(', '),
      keywords: p.keywords.join(', '),
      venue,
      body: same(p.abstract || p.author.join(', ')),
      url: paths.publicationItem(p.pid),
      external: false,
      meta: same(venue),
      ids: publicationIdentifiers({ doi: p.doi, isbn: p.isbn, source: p.source, links: [p.link1, p.link2, p.link3, p.link4] }),
    };
  });
}

/** What an unpublished record's result says it is (the console's search): a draft, or scheduled for later. */
const DRAFT: Bilingual = { zh: '草稿', en: 'Draft' };
const SCHEDULED: Bilingual = { zh: '定时发布', en: 'Scheduled' };
const unpublished = (released: boolean) => (released ? SCHEDULED : DRAFT);

async function articleDocs(ctx: Ctx): Promise<SearchDoc[]> {
  return articleDocsOf(await publishedArticleTexts(ctx));
}

function articleDocsOf(list: Awaited<ReturnType<typeof publishedArticleTexts>>, meta?: (i: number) => Bilingual): Promise<SearchDoc[]> {
  // the texts are converted in turns: a member's page alone may hold 200,000 characters
  return mapInTurns(list, (a, i) => ({
    id: `article:${a.aid}`,
    kind: 'article',
    title: same(a.title),
    names: a.authors.join(', '),
    keywords: '',
    venue: '',
    body: same([a.abstract, textOfMarkdown(a.markdown)].filter(Boolean).join(' ')),
    url: paths.article(a.aid),
    external: false,
    meta: meta?.(i) ?? same(String(a.time3 ?? '').slice(0, 10)),
  }));
}

async function newsDocs(ctx: Ctx): Promise<SearchDoc[]> {
  return newsDocsOf(await publishedNews(ctx));
}

function newsDocsOf(list: Awaited<ReturnType<typeof publishedNews>>, meta?: (i: number) => Bilingual): Promise<SearchDoc[]> {
  return mapInTurns(list, (n, i) => ({
    id: `news:${n.nid}`,
    kind: 'news',
    title: same(n.abstract),
    names: '',
    keywords: '',
    venue: '',
    body: both(textOfHtml(n.content_zh), textOfHtml(n.content_en)),
    // each item's own page
    url: meta ? null : paths.newsItem(n.nid),
    external: false,
    meta: meta?.(i) ?? same(n.date),
  }));
}

async function personDocs(ctx: Ctx): Promise<SearchDoc[]> {
  const [people, pages] = await Promise.all([publicPeople(ctx), publicPersonPages(ctx)]);
  const pageOf = new Map(await mapInTurns(pages, (p) => [p.username, p.link_type === 1 ? textOfMarkdown(p.link1) : textOfHtml(p.link2)] as const));
  return mapInTurns(people, (p) => {
    const area = (lang: 'zh' | 'en') => (p.area && p.area !== 'none' ? enumLabel(areas, p.area, lang) : '');
    const role = (lang: 'zh' | 'en') =>
      [enumLabel(personTypes, p.type, lang), area(lang), p.status ? '' : lang === 'zh' ? '往届成员' : 'former member'].filter(Boolean).join(' · ');
    const url = p.link_type === 3 ? p.link || null : p.link_type ? paths.person(p.username) : p.status ? paths.people() : `${paths.people()}?tab=former`;
    const page = pageOf.get(p.username) ?? '';
    return {
      id: `person:${p.username}`,
      kind: 'person',
      // both names: a reader may know either
      title: p.name_zh && p.name_en ? { zh: `${p.name_zh} (${p.name_en})`, en: `${p.name_en} (${p.name_zh})` } : both(p.name_zh, p.name_en),
      names: [p.name_zh, p.name_en, p.username].join(' '),
      keywords: [area('zh'), area('en')].join(' '),
      venue: '',
      body: both([p.description_zh, p.location_zh, page].filter(Boolean).join(' '), [p.description_en, p.location_en, page].filter(Boolean).join(' ')),
      url,
      external: p.link_type === 3,
      meta: { zh: role('zh'), en: role('en') },
    };
  });
}

async function siteDocs(ctx: Ctx, released = true): Promise<SearchDoc[]> {
  const [courses, tasks, tools, projects] = await Promise.all([
    publicPages(ctx, 'course', released),
    publicPages(ctx, 'sharedtask', released),
    publicShowcase(ctx, 'tool', released),
    publicShowcase(ctx, 'project', released),
  ]);
  const pageDocs = (kind: 'course' | 'sharedtask', list: typeof courses) =>
    mapInTurns(
      list,
      (g): SearchDoc => ({
        id: `${kind}:${g.slug}`,
        kind,
        title: both(g.title_zh, g.title_en),
        names: '',
        keywords: '',
        venue: '',
        body: both(
          [g.summary_zh, textOfMarkdown(g.markdown_zh)].filter(Boolean).join(' '),
          [g.summary_en, textOfMarkdown(g.markdown_en)].filter(Boolean).join(' '),
        ),
        url: kind === 'course' ? paths.course(g.slug) : paths.sharedtaskItem(g.slug),
        external: false,
        // the result's kind already says course or shared task
        meta: released ? same('') : DRAFT,
      }),
    );
  const showcaseDocs = [...tools, ...projects].map(
    (c): SearchDoc => ({
      id: `opensource:${c.cid}`,
      kind: 'opensource',
      title: both(c.title_zh, c.title_en),
      names: '',
      keywords: '',
      venue: '',
      body: both(c.description_zh, c.description_en),
      url: c.link || paths.discopen(),
      external: Boolean(c.link),
      meta: !released ? DRAFT : c.kind === 'tool' ? { zh: '工具', en: 'Tool' } : { zh: '项目', en: 'Project' },
    }),
  );
  return [...(await pageDocs('course', courses)), ...(await pageDocs('sharedtask', tasks)), ...showcaseDocs];
}

/**
 * The documents each kind of public change can alter (server/cache/changes.ts); seminars are not searched.
 * A declared public resource's are read from its declaration (server/public/declared.ts, wired in server/app.ts).
 */
export const documentsOf: Partial<Record<Topic, (ctx: Ctx) => Promise<SearchDoc[]>>> = {
  publication: publicationDocs,
  article: articleDocs,
  news: newsDocs,
  people: personDocs,
  site: siteDocs,
  seminar: undefined,
};

/**
 * The documents of the records the public does not see (drafts, scheduled for later, unreleased pages and
 * projects), by the topic a change of them is announced under: the console's search of what a member may
 * edit. Publications and people have no drafts.
 */
export const unpublishedDocumentsOf: Partial<Record<Topic, (ctx: Ctx) => Promise<SearchDoc[]>>> = {
  publication: undefined,
  article: async (ctx) => {
    const list = await unpublishedArticleTexts(ctx);
    return articleDocsOf(list, (i) => unpublished(Boolean(list[i]?.release)));
  },
  news: async (ctx) => {
    const list = await unpublishedNews(ctx);
    return newsDocsOf(list, (i) => unpublished(Boolean(list[i]?.release)));
  },
  people: undefined,
  site: (ctx) => siteDocs(ctx, false),
  seminar: undefined,
};

/**
 * The search document a write of one record changed, where that document depends on no other record
 * (a publication's does; a news item's link depends on the latest six, a person's on their page): the
 * index then reads it alone. Undefined: the topic is read whole.
 */
export function documentIdOf(topic: Topic, record: ChangedRecord | undefined): string | undefined {
  if (topic === 'publication' && record?.resource === 'publication') return `publication:${record.id}`;
  return undefined;
}

/** The public documents of these ids (`{kind}:{id}`, as documentIdOf names them), or undefined where the topic is read whole. */
export function someDocumentsOf(ctx: Ctx, topic: Topic, ids: readonly string[]): Promise<SearchDoc[]> | undefined {
  if (topic !== 'publication') return undefined;
  const pids = ids.map((id) => Number(id.slice('publication:'.length))).filter((n) => Number.isInteger(n) && n > 0);
  return somePublicationDocs(ctx, pids);
}
