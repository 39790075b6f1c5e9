import sanitize from 'sanitize-html';
import { memoByContent } from '../cache/memo.ts';

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

/** The allow-listed form of stored HTML (kept by content: server/cache/memo.ts). */
export const sanitizeHtml = memoByContent((html: string) => sanitize(html, options), {
  budgetBytes: 8 * 1024 * 1024,
  sizeOf: (html) => html.length * 2,
  version: JSON.stringify(options, (_k, v) => (typeof v === 'function' ? String(v) : v)),
});
