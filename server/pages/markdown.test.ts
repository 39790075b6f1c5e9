import { loopHolds } from '../../tests/helpers/loop.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textWorkerRunning, WORKER_IDLE, WORKER_LIMITS } from '../text-worker.ts';
import { asWritten, renderMarkdown } from './markdown.ts';

// Markdown is rendered in a worker thread, bounded in time. micromark's time grows with
// the square of some inputs (50,000 characters of nested brackets took 6.3 s on the event loop).

describe('markdown rendering', () => {
  const limit = WORKER_LIMITS.ms;
  const idle = WORKER_IDLE.ms;
  afterEach(() => {
    WORKER_LIMITS.ms = limit;
    WORKER_IDLE.ms = idle;
  });

  it('renders in the worker what it rendered in the process: ids, table of contents, no raw HTML', async () => {
    const long = `# Title\n\n## Part one\n\nSome *text* and <script>alert(1)</script> [a link](https://example.org).\n\n${'More words. '.repeat(300)}`;
    const r = await renderMarkdown(long);
    expect(r.html).toContain('<h2 id="part-one">Part one</h2>');
    expect(r.html).toContain('<a href="https://example.org">a link</a>');
    expect(r.html).not.toContain('<script');
    expect(r.toc).toEqual([
      { id: 'title', text: 'Title', depth: 1 },
      { id: 'part-one', text: 'Part one', depth: 2 },
    ]);
  });

  it('holds the event loop for no more than 50 ms on 200,000 characters of nested brackets, and shows a text it cannot render in time as written', async () => {
    WORKER_LIMITS.ms = 1500;
    const hostile = `${'['.repeat(100_000)}<b>x</b>${']'.repeat(100_000)}`;
    const holds = loopHolds();
    const started = performance.now();
    const [r, small] = await Promise.all([renderMarkdown(hostile), renderMarkdown(`# Small\n\n${'words '.repeat(400)}`)]);
    const longest = holds.stop();
    expect(longest).toBeLessThan(50);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(r).toEqual(asWritten(hostile));
    expect(r.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    // the worker ended with the render it stopped, and the next one started anew
    expect(small.html).toContain('<h1 id="small">Small</h1>');
    // kept by content: asked again, it is not rendered again
    const again = performance.now();
    await renderMarkdown(hostile);
    expect(performance.now() - again).toBeLessThan(500);
  });

  // The worker holds about 54 MB; an idle server gives them back.
  it('ends the worker once it has waited WORKER_IDLE.ms for a render, and starts a new one for the next long text', async () => {
    WORKER_IDLE.ms = 60_000;
    await renderMarkdown(`# One\n\n${'first words '.repeat(300)}`);
    expect(textWorkerRunning()).toBe(true);
    // a render while it waits: it does not end under it, and waits again from the render's end
    WORKER_IDLE.ms = 20;
    await renderMarkdown(`# Two\n\n${'second words '.repeat(300)}`);
    expect(textWorkerRunning()).toBe(true);
    await vi.waitFor(() => expect(textWorkerRunning()).toBe(false), { timeout: 5000, interval: 10 });
    const r = await renderMarkdown(`# Three\n\n${'third words '.repeat(300)}`);
    expect(r.html).toContain('<h1 id="three">Three</h1>');
    expect(textWorkerRunning()).toBe(true);
  });
});
