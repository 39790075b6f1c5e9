import { describe, expect, it } from 'vitest';
import { loopHolds } from '../../tests/helpers/loop.ts';
import { textWorkerRunning } from '../text-worker.ts';
import { STRAY_LT_MAX, sanitizedNow, sanitizeHtml } from './sanitize.ts';

// Reverse tabnabbing: a link that opens in another browsing context (any target, in any
// letter case) must not hand that page window.opener, whatever rel the stored HTML asked for.

/** The rel tokens of the one <a> in `html`, sorted. */
function relOf(html: string): string[] {
  const tags = html.match(/<a\b[^>]*>/gi) ?? [];
  expect(tags, html).toHaveLength(1);
  const rels = [...(tags[0] as string).matchAll(/\srel\s*=\s*"([^"]*)"/gi)];
  expect(rels, `${html} carries exactly one rel`).toHaveLength(1);
  return (rels[0]?.[1] ?? '').trim().split(/\s+/).sort();
}

describe('sanitizeHtml links with a target', () => {
  it.each([
    ['target="_BLANK" rel="opener"', '<a href="https://x.example" target="_BLANK" rel="opener">x</a>'],
    ['a named target', '<a href="https://x.example" target="foo">x</a>'],
    ['target="_blank" rel="opener", unclosed', '<a href="https://x.example" target="_blank" rel="opener">'],
    ['target="_top"', '<a href="https://x.example" target="_top">'],
  ])('%s gets rel="noopener noreferrer" and nothing else', async (_label, html) => {
    const out = await sanitizeHtml(html);
    expect(out).toContain('href="https://x.example"');
    expect(relOf(out)).toEqual(['noopener', 'noreferrer']);
  });
});

describe('sanitizeHtml on text with more stray "<" than any page holds', () => {
  it('shows it as written, escaped, where a page with a few keeps its markup', async () => {
    // STRAY_LT_MAX of them: the one in "1 < 2" and a run whose last one is followed by a tag's
    const few = `<p>1 < 2</p>${'<'.repeat(STRAY_LT_MAX - 1)}<b onclick="x()">b</b>`;
    const kept = await sanitizeHtml(few);
    expect(kept).toContain('<p>1 &lt; 2</p>');
    expect(kept).toContain('<b>b</b>');
    const many = `<p>1 < 2</p>${'<'.repeat(STRAY_LT_MAX)}<script>alert(1)</script><b onclick="x()">b</b>`;
    const shown = await sanitizeHtml(many);
    expect(shown).not.toContain('<');
    expect(shown.startsWith('&lt;p&gt;1 &lt; 2&lt;/p&gt;&lt;&lt;')).toBe(true);
    expect(shown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;');
  });
});

// sanitize-html spends a few microseconds on each tag, and 200,000 characters of tags
// held a core for over 100 ms; a long text is sanitized in the text worker, and the event loop stays free.
describe('sanitizeHtml on a long text', () => {
  it('holds the event loop for no more than 50 ms on 200,000 characters of tags, and answers what it answers at once', async () => {
    const shapes = ['<img src=x onerror=alert(1)>', '<br>', '<b>x</i>', '<iframe><b>'].map((s) => s.repeat(Math.floor(200_000 / s.length)));
    const holds = loopHolds();
    const answers = await Promise.all(shapes.map((html) => sanitizeHtml(html)));
    expect(holds.stop()).toBeLessThan(50);
    expect(textWorkerRunning()).toBe(true);
    answers.forEach((answer, i) => {
      expect(answer).toBe(sanitizedNow(shapes[i] as string));
      expect(answer).not.toMatch(/onerror|<iframe/);
    });
  });
});
