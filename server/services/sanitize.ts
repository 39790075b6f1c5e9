import { scanHtml } from './html-scan.ts';
import sanitize from 'sanitize-html';
import { memoByContentAsync } from '../cache/memo.ts';
import { offThread } from '../text-worker.ts';
import { escapeHtml } from '../escape-html.ts';

// The allow-list every stored HTML passes through on its way to a visitor (DESIGN.md "Stored as sent,
// sanitized on output"): formatting, links, images, tables; no script, style, event handler, form,
// frame, SVG or javascript: URL.
const options: sanitize.IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags.filter((t) => t !== 'svg'),
    'img',
    'h1',
    'h2',
    'span',
    'figure',
    'figcaption',
    'video',
    'source',
    'details',
    'summary',
    'del',
    'ins',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    '*': ['id', 'class', 'lang', 'dir', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // any target (_blank, _BLANK, a named window…) opens a browsing context that could reach back
    // through window.opener: such links always get noopener noreferrer, whatever rel they asked for
    a: (tagName, attribs) => ({
      tagName,
      attribs: 'target' in attribs ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Elements that hold nothing and are never closed: they add no depth. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Deeper than any real page nests; what is deeper loses its tags (its text stays). */
const NESTING_LIMIT = 256;

/**
 * HTML with its open tags beyond NESTING_LIMIT levels taken out. The parser sanitize-html runs keeps a
 * stack of open elements and searches it at each tag, so 60,000 nested <b> took half a second of one
 * core and more with every tag; below the limit the stack stays short. One pass of
 * htmlparser2's tokenizer, which keeps no stack. What is taken out is whole tags, and the result goes
 * through the sanitizer all the same: this step only has to be fast, the sanitizer keeps the page safe.
 */
export function boundNesting(html: string, limit = NESTING_LIMIT): string {
  let depth = 0;
  const open = new Map<string, number>();
  /** [from, to) ranges of the text to drop, in order. */
  const drop: number[] = [];
  let tagStart = -1;
  let tagName = '';
  scanHtml(
    html,
    {
      onopentagname: (start, end) => {
        tagStart = start - 1;
        tagName = html.slice(start, end).toLowerCase();
      },
      onopentagend: (end) => {
        if (VOID.has(tagName)) return;
        if (depth >= limit) drop.push(tagStart, end + 1);
        else {
          depth++;
          open.set(tagName, (open.get(tagName) ?? 0) + 1);
        }
      },
      onclosetag: (start, end) => {
        const name = html.slice(start, end).toLowerCase();
        const n = open.get(name) ?? 0;
        if (n === 0) return;
        open.set(name, n - 1);
        depth--;
      },
    },
    { decodeEntities: false },
  );
  if (drop.length === 0) return html;
  const kept: string[] = [];
  let at = 0;
  for (let i = 0; i < drop.length; i += 2) {
    kept.push(html.slice(at, drop[i]));
    at = drop[i + 1] as number;
  }
  kept.push(html.slice(at));
  return kept.join('');
}

/**
 * More `<` that open no tag (HTML reads such a `<` as text: no letter, `!`, `/` or `?` follows) than any
 * page holds. The sanitizer escapes each text its parser gives apart, and each such `<` ends one: 200,000
 * of them held a core for over 100 ms. A text with more is shown as written, every character escaped.
 */
export const STRAY_LT_MAX = 10_000;

function strayLtOver(html: string, max: number): boolean {
  let n = 0;
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1);
    const opens = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x21 || c === 0x2f || c === 0x3f;
    if (!opens && ++n > max) return true;
  }
  return false;
}

const asWritten = escapeHtml;

/** The allow-listed form of stored HTML, here and now (the text worker's work for a long text). */
export function sanitizedNow(html: string): string {
  return strayLtOver(html, STRAY_LT_MAX) ? asWritten(html) : sanitize(boundNesting(html), options);
}

/**
 * HTML short enough to sanitize on the event loop: sanitize-html spends a few microseconds on each tag, and
 * 10,000 characters hold at most 2,500 (`<br>`), a few milliseconds.
 */
const INLINE_HTML_MAX = 10_000;

/**
 * The allow-listed form of stored HTML, kept by content (server/cache/memo.ts). A longer text is sanitized in
 * the text worker (server/text-worker.ts): 200,000 characters of `<img src=x>` held a core for over 100 ms.
 * A text the worker cannot sanitize in time is shown as written, every character escaped.
 */
export const sanitizeHtml = memoByContentAsync(
  (html: string) => (html.length <= INLINE_HTML_MAX ? Promise.resolve(sanitizedNow(html)) : offThread({ kind: 'html', text: html }, () => asWritten(html))),
  {
    budgetBytes: 8 * 1024 * 1024,
    sizeOf: (html) => html.length * 2,
    version: JSON.stringify(options, (_k, v) => (typeof v === 'function' ? String(v) : v)),
  },
);
