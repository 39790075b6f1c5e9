// The one HTML escaper of the server: text placed in HTML (a plain paragraph, a mail, a text shown as
// written when the sanitizer gives up). Linear, one pass; the five characters that can leave text or an
// attribute become their named entities (an apostrophe its number: &apos; is not HTML 4).

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that shows it as written. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
