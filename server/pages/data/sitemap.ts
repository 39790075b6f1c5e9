import { publishedArticleCount, publishedNewsCount, publishedNewsDates } from '../../services/content.ts';
import { publicPeopleCount } from '../../services/people.ts';
import { publications } from '../../services/publications.ts';
import { type PageScope, pageSizes } from './shared.ts';

/** What the sitemap needs beyond the other families' lists: how many pages each long list has. */
export function sitemapData({ ctx, reads }: PageScope) {
  return {
    /** How many pages each long list has (the sitemap names every one). */
    async listPages() {
      reads('article', 'people', 'publication', 'news');
      const [articleCount, formerCount, publicationCount, newsCount] = await Promise.all([
        publishedArticleCount(ctx),
        publicPeopleCount(ctx, false),
        publications.count(ctx),
        publishedNewsCount(ctx),
      ]);
      const pagesOf = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
      return {
        news: pagesOf(articleCount, pageSizes.article),
        newsArchive: pagesOf(newsCount, pageSizes.news),
        formerPeople: pagesOf(formerCount, pageSizes.formerPeople),
        publication: pagesOf(publicationCount, pageSizes.publication),
      };
    },

    /** Every released news item's page, with its date. */
    async newsDates() {
      reads('news');
      return publishedNewsDates(ctx);
    },
  };
}
