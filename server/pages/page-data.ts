import type { FastifyRequest } from 'fastify';
import type { Topic } from '../cache/changes.ts';
import type { Lab } from '../lab.ts';
import { coursePageData } from './data/course-pages.ts';
import { declaredData } from './data/declared.ts';
import { newsData } from './data/news.ts';
import { peopleData } from './data/people.ts';
import { previewData } from './data/preview.ts';
import { publicationData } from './data/publications.ts';
import { searchData } from './data/search.ts';
import { pageScope } from './data/shared.ts';
import { siteData } from './data/site.ts';
import { sitemapData } from './data/sitemap.ts';
// What the page loaders may ask of the server: public data only, already in the shape a page shows
// (markdown rendered and sanitized, HTML sanitized). Loaders never see the database. Each family of
// pages has its module in ./data/; each read has the type of the public read it is (common/wire.ts),
// so the pages are typed by it too.

export { pageLanguage } from './data/shared.ts';

/**
 * The data of one page request. `topics` collects what the page read, so the page cache knows which
 * writes change it (server/cache/changes.ts).
 */
export function createPageData(lab: Lab, req: FastifyRequest, topics: Set<Topic> = new Set()) {
  const scope = pageScope(lab, req, topics);
  return {
    ...siteData(scope),
    ...declaredData(scope),
    ...newsData(scope),
    ...peopleData(scope),
    ...publicationData(scope),
    ...coursePageData(scope),
    ...sitemapData(scope),
    ...searchData(scope),
    ...previewData(scope),
  };
}

export type PageData = ReturnType<typeof createPageData>;
