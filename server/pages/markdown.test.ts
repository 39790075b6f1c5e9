import { afterEach, describe, expect, it } from 'vitest';
import { asWritten, RENDER_LIMITS, renderMarkdown } from './markdown.ts';

// Issue #25, point 3: markdown is rendered in a worker thread, bounded in time. micromark's time grows with
// the square of some inputs (50,000 characters of nested brackets took 6.3 s on the event loop).

/** The longest CPU time this thread spent between ticks of a 1 ms timer while watched (ms). */
function loopHolds(): { stop: () => number } {
  const cpu = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  };
  let wall = performance.now();
  let used = cpu();
  let longest = 0;
  const timer = setInterval(() => {
    const w = performance.now();
    const c = cpu();
    longest = Math.max(longest, Math.min(w - wall, c - used));
    wall = w;
    used = c;
  }, 1);
  return {
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}

describe('markdown rendering', () => {
  const limit = RENDER_LIMITS.ms;
  afterEach(() => {
    RENDER_LIMITS.ms = limit;
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
    RENDER_LIMITS.ms = 1500;
    const hostile = `${'['.repeat(100_000)}<b>x</b>${']'.repeat(100_000)}`;
    const holds = loopHolds();
    const started = performance.now();
    const [r, small] = await Promise.all([renderMarkdown(hostile), renderMarkdown(`# Small\n\n${'words '.repeat(400)}`)]);
    const longest = holds.stop();
    expect(longest).toBeLessThan(50);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(r).toEqual(asWritten(hostile));
    expect(r.html).toContain('&#60;b&#62;x&#60;/b&#62;');
    // the worker ended with the render it stopped, and the next one started anew
    expect(small.html).toContain('<h1 id="small">Small</h1>');
    // kept by content: asked again, it is not rendered again
    const again = performance.now();
    await renderMarkdown(hostile);
    expect(performance.now() - again).toBeLessThan(500);
  });
});
