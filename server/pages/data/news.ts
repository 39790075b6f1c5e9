import type { PublicNews } from '../../../common/wire.ts';
import {
  type ArticleListItem,
  publicSeminars,
  publishedArticle,
  publishedArticleCount,
  publishedArticles,
  publishedNews,
  publishedNewsCount,
  publishedNewsItem,
} from '../../services/content.ts';
import { pick } from '../../../common/lang.ts';
import { textOfHtml } from '../../search/text.ts';
import { renderMarkdown } from '../markdown.ts';
import { sizedBodyImages } from '../body-images.ts';
import { type ListPage, orNull, type PageScope, pageSizes, RECORD_ID, windowOf } from './shared.ts';

/** A news item has no title: its first sentence is one, cut at a word (or any character in Chinese) when long. */
function headlineOf(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const end = t.slice(0, max + 1).search(/[。！？!?]|[.](?=\s|$)/);
  if (end >= 0) return t.slice(0, end + 1);
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** An article as the news page lists it (who edited it is not shown). */
export type ArticleListEntry = Omit<ArticleListItem, 'editors'>;
const listEntry = ({ editors: _, ...a }: ArticleListItem): ArticleListEntry => a;

/** The news of the home page, the seminars, and the articles of the news page. */
export function newsData({ ctx, lang, params, reads }: PageScope) {
  // the images an editor put into a news item's HTML, as an article's are shown (sized, resized copies): the
  // public reads (/api/read_news/) keep the HTML as written
  const sized = async (n: PublicNews, allLazy: boolean): Promise<PublicNews> => ({
    ...n,
    content_zh: await sizedBodyImages(ctx, n.content_zh, { allLazy }),
    content_en: await sizedBodyImages(ctx, n.content_en, { allLazy }),
  });
  const sizedList = (items: PublicNews[]) => Promise.all(items.map((n) => sized(n, true)));
  return {
    /** Released news (the home timeline), newest first; `limit` reads only the latest few. */
    async news(limit?: number) {
      reads('news');
      return sizedList(await publishedNews(ctx, limit));
    },

    /** One page of the released news (the news archive), newest first; null beyond the last. */
    async newsPage(): Promise<ListPage<PublicNews> | null> {
      reads('news');
      const size = pageSizes.news;
      const total = await publishedNewsCount(ctx);
      const w = windowOf(params, total, size);
      if (!w) return null;
      const items = await sizedList(await publishedNews(ctx, size, w.offset));
      return { items, total, page: w.page, pages: w.pages, size };
    },

    /**
     * One released news item by id, with its headline and words in the reader's language and the archive
     * page that lists it; null for any other word.
     */
    async newsItem(word: string) {
      reads('news');
      if (!RECORD_ID.test(word)) return null;
      const found = await orNull(publishedNewsItem(ctx, Number(word)));
      if (!found) return null;
      const { newer } = found;
      const item = await sized(found.item, false);
      const text = textOfHtml(pick(item.content_zh, item.content_en, lang));
      return { item, headline: headlineOf(text) || item.abstract, text, archivePage: Math.floor(newer / pageSizes.news) + 1 };
    },

    async latestSeminar() {
      reads('seminar');
      return (await publicSeminars(ctx, 1))[0] ?? null;
    },

    async seminarsForFeed() {
      reads('seminar');
      return publicSeminars(ctx);
    },

    /** Published articles as list items, newest publication first: every one, or the latest `limit`. */
    async articles(limit?: number) {
      reads('article');
      return (await publishedArticles(ctx, limit ? { limit } : {})).map(listEntry);
    },

    /** One page of the published articles (the news page); null beyond the last. */
    async articlePage(): Promise<ListPage<ArticleListEntry> | null> {
      reads('article');
      const size = pageSizes.article;
      const total = await publishedArticleCount(ctx);
      const w = windowOf(params, total, size);
      if (!w) return null;
      const items = (await publishedArticles(ctx, { limit: size, offset: w.offset })).map(listEntry);
      return { items, total, page: w.page, pages: w.pages, size };
    },

    /** One published article by id or slug, with its body rendered. */
    async article(word: string) {
      reads('article');
      const found = await orNull(publishedArticle(ctx, RECORD_ID.test(word) ? { aid: Number(word) } : { slug: word }));
      if (!found) return null;
      const { markdown, ...a } = found;
      const { html, toc } = await renderMarkdown(markdown);
      return { article: a, html: await sizedBodyImages(ctx, html), toc };
    },
  };
}
