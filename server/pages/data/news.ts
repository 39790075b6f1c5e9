import { type ArticleListItem, publicSeminars, publishedArticle, publishedArticleCount, publishedArticles, publishedNews } from '../../services/content.ts';
import { renderMarkdown } from '../markdown.ts';
import { sizedBodyImages } from '../body-images.ts';
import { type ListPage, orNull, type PageScope, pageSizes, RECORD_ID, windowOf } from './shared.ts';

/** An article as the news page lists it (who edited it is not shown). */
export type ArticleListEntry = Omit<ArticleListItem, 'editors'>;
const listEntry = ({ editors: _, ...a }: ArticleListItem): ArticleListEntry => a;

/** The news of the home page, the seminars, and the articles of the news page. */
export function newsData({ ctx, params, reads }: PageScope) {
  return {
    /** Released news (the home timeline), newest first; `limit` reads only the latest few. */
    async news(limit?: number) {
      reads('news');
      return publishedNews(ctx, limit);
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
