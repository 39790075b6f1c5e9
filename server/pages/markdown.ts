import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { memoByContent } from '../cache/memo.ts';

// Markdown is rendered to HTML on the server, sanitized (no raw HTML runs), with heading ids for
// the table of contents. Public pages then ship HTML, not a markdown parser.

export type TocEntry = { id: string; text: string; depth: number };
export type RenderedMarkdown = { html: string; toc: TocEntry[] };

const schema = {
  ...defaultSchema,
  // rehype-slug's ids are kept as they are (no "user-content-" prefix), so #links in the TOC work
  clobberPrefix: '',
  attributes: { ...defaultSchema.attributes, '*': [...(defaultSchema.attributes?.['*'] ?? []), 'id'] },
};

function textOf(node: Element | Root): string {
  let out = '';
  for (const child of node.children) {
    if (child.type === 'text') out += child.value;
    else if (child.type === 'element') out += textOf(child);
  }
  return out;
}

function collectToc(toc: TocEntry[]) {
  return () => (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const m = /^h([1-4])$/.exec(child.tagName);
        if (m && typeof child.properties?.id === 'string') toc.push({ id: child.properties.id, text: textOf(child), depth: Number(m[1]) });
        else visit(child);
      }
    };
    visit(tree);
  };
}

/** Markdown as sanitized HTML with its table of contents (kept by content: server/cache/memo.ts). */
export const renderMarkdown = memoByContent(render, {
  budgetBytes: 8 * 1024 * 1024,
  sizeOf: ({ html, toc }) => html.length * 2 + toc.reduce((n, e) => n + e.text.length * 2 + e.id.length * 2 + 48, 0),
});

function render(markdown: string): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeSlug)
    .use(collectToc(toc))
    .use(rehypeStringify)
    .processSync(markdown ?? '')
    .toString();
  return { html, toc };
}
