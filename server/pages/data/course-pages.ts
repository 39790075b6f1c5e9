import { pick } from '../../../common/lang.ts';
import { publicPage, publicPages } from '../../services/site.ts';
import { renderMarkdown } from '../markdown.ts';
import { sizedBodyImages } from '../body-images.ts';
import { orNull, type PageScope } from './shared.ts';

/** The course and shared-task pages: the list of a section, and one page with its text rendered. */
export function coursePageData({ lang, ctx, reads }: PageScope) {
  return {
    async pages(section: 'course' | 'sharedtask') {
      reads('site');
      return (await publicPages(ctx, section)).map(({ markdown_zh: _, markdown_en: __, ...p }) => p);
    },

    async page(section: 'course' | 'sharedtask', slug: string) {
      reads('site');
      const p = await orNull(publicPage(ctx, section, slug));
      if (!p) return null;
      const { markdown_zh, markdown_en, ...rest } = p;
      const { html, toc } = await renderMarkdown(pick(markdown_zh, markdown_en, lang));
      return { page: rest, html: await sizedBodyImages(ctx, html), toc };
    },
  };
}
