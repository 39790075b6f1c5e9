import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { memoByContentAsync } from '../cache/memo.ts';
import { offThread } from '../text-worker.ts';
import { escapeHtml } from '../escape-html.ts';

// Markdown is rendered to HTML on the server, sanitized (no raw HTML runs), with heading ids for
// the table of contents. Public pages then ship HTML, not a markdown parser.

type TocEntry = { id: string; text: string; depth: number };
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

/** Markdown short enough to render at once: its worst case (nested brackets) costs a few milliseconds. */
const INLINE_MAX = 2000;

/**
 * Markdown as sanitized HTML with its table of contents, kept by content (server/cache/memo.ts). Rendered
 * in the text worker (server/text-worker.ts): micromark's time grows with the square of some inputs (50,000
 * characters of nested brackets: 6.3 s), and a member's page holds 200,000. A render
 * that takes longer than WORKER_LIMITS.ms is stopped, and the text is shown as it was written.
 */
export const renderMarkdown = memoByContentAsync(
  (markdown: string) =>
    markdown.length <= INLINE_MAX ? Promise.resolve(render(markdown)) : offThread({ kind: 'markdown', text: markdown }, () => asWritten(markdown)),
  {
    budgetBytes: 8 * 1024 * 1024,
    sizeOf: ({ html, toc }) => html.length * 2 + toc.reduce((n, e) => n + e.text.length * 2 + e.id.length * 2 + 48, 0),
  },
);

/** Markdown shown as written, when it could not be rendered in time: escaped, in paragraphs, its lines kept. */
export function asWritten(markdown: string): RenderedMarkdown {
  const html = markdown
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    // line breaks as <br>, not a style attribute (the page's style policy allows none)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { html, toc: [] };
}

/** Markdown as sanitized HTML with its table of contents, here and now (the worker's work). */
export function render(markdown: string): RenderedMarkdown {
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
