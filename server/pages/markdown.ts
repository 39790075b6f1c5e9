import { Worker } from 'node:worker_threads';
import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { memoByContentAsync } from '../cache/memo.ts';
import { workerFile } from '../worker-file.ts';

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

/** Markdown short enough to render at once: its worst case (nested brackets) costs a few milliseconds. */
const INLINE_MAX = 2000;
/** How long one render may take in the worker before the text is shown as it was written. */
export const RENDER_LIMITS = { ms: 3000, heapMb: 256 };
/** How long the worker may wait for a render before it ends: it holds about 54 MB, an idle server gives them back. */
export const WORKER_IDLE = { ms: 30_000 };

/**
 * Markdown as sanitized HTML with its table of contents, kept by content (server/cache/memo.ts). Rendered
 * in a worker thread: micromark's time grows with the square of some inputs (50,000 characters of nested
 * brackets: 6.3 s), and a member's page holds 200,000 (issue #25, point 3). A render that takes longer
 * than RENDER_LIMITS is stopped, and the text is shown as it was written.
 */
export const renderMarkdown = memoByContentAsync(
  (markdown: string) => (markdown.length <= INLINE_MAX ? Promise.resolve(render(markdown)) : inWorker(markdown)),
  {
    budgetBytes: 8 * 1024 * 1024,
    sizeOf: ({ html, toc }) => html.length * 2 + toc.reduce((n, e) => n + e.text.length * 2 + e.id.length * 2 + 48, 0),
  },
);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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

type Job = { markdown: string; done: (r: RenderedMarkdown) => void; failed: (e: unknown) => void };
const jobs: Job[] = [];
let worker: Worker | null = null;
let busy = false;
let idleTimer: NodeJS.Timeout | null = null;

/** Whether the worker thread is running (tests). */
export function markdownWorkerRunning() {
  return worker !== null;
}

/** After WORKER_IDLE.ms without a render, the worker ends; the next long text starts a new one. */
function endWhenIdle() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker || busy || jobs.length > 0) return;
  const w = worker;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (worker !== w || busy) return;
    worker = null;
    void w.terminate();
  }, WORKER_IDLE.ms);
  // the timer keeps no process alive
  idleTimer.unref();
}

/** Renders in the one worker thread, a text at a time; a render past its time ends the worker (a new one starts). */
function inWorker(markdown: string): Promise<RenderedMarkdown> {
  return new Promise((done, failed) => {
    jobs.push({ markdown, done, failed });
    next();
  });
}

function next() {
  if (busy) return;
  const job = jobs.shift();
  if (!job) {
    endWhenIdle();
    return;
  }
  busy = true;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker) {
    worker = new Worker(workerFile(import.meta.url, 'markdown-worker'), { resourceLimits: { maxOldGenerationSizeMb: RENDER_LIMITS.heapMb } });
    // an idle worker keeps no process alive
    worker.unref();
  }
  const w = worker;
  let settled = false;
  const finish = (outcome: () => void, stop: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    w.off('message', onMessage);
    w.off('error', onError);
    w.off('exit', onExit);
    if (stop) {
      void w.terminate();
      if (worker === w) worker = null;
    }
    busy = false;
    outcome();
    next();
  };
  const onMessage = (r: RenderedMarkdown) => finish(() => job.done(r), false);
  // out of memory, or any failure of the renderer: the text as written
  const onError = () => finish(() => job.done(asWritten(job.markdown)), true);
  const onExit = () => finish(() => job.done(asWritten(job.markdown)), true);
  const timer = setTimeout(() => finish(() => job.done(asWritten(job.markdown)), true), RENDER_LIMITS.ms);
  timer.unref();
  w.on('message', onMessage);
  w.on('error', onError);
  w.on('exit', onExit);
  w.postMessage(job.markdown);
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
