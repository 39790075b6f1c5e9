import { basePath } from '../lib/base.ts';

/**
 * Root-relative links and images of stored text (`/people/alice`, `/resource/media/…`), as editors write
 * them, under BASE_PATH: the text stays as written, and moving the site under a prefix needs no rewrite
 * of its records. The server's HTML quotes every attribute with `"` (rehype-stringify, sanitize-html).
 */
export function underBaseHtml(html: string, base: string): string {
  if (!base) return html;
  // and each address of a body image's resized copies (server/pages/body-images.ts: srcset="/resource/… 160w, …")
  return html
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${base}/`)
    .replace(/(\ssrcset=")([^"]*)/g, (_, head: string, set: string) => head + set.replace(/(^|,\s*)\/(?!\/)/g, `$1${base}/`));
}

/**
 * HTML that the server rendered from markdown or sanitized with its allow-list (server/pages). It is
 * never built from unsanitized input here.
 */
export function RichHtml({ html, id }: { html: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (rehype-sanitize / allow-list)
  return <div id={id} className="rich" dangerouslySetInnerHTML={{ __html: underBaseHtml(html, basePath()) }} />;
}
