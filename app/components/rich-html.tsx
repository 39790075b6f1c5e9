/**
 * HTML that the server rendered from markdown or sanitized with its allow-list (server/pages). It is
 * never built from unsanitized input here.
 */
export function RichHtml({ html, id }: { html: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (rehype-sanitize / allow-list)
  return <div id={id} className="rich" dangerouslySetInnerHTML={{ __html: html }} />;
}
