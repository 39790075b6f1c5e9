import { createHash, randomBytes } from 'node:crypto';

// The content security policy of every page (defence in depth): scripts run only from this
// site's own files and the inline scripts the renderer wrote into the page, each allowed by its SHA-256. A
// script injected into a page (through content that escaped the sanitizer, say) matches no hash and
// does not run. Hashes rather than a nonce: a page is one complete document (app/entry.server.tsx) that
// the cache keeps and serves to many readers (server/cache), and a hash is the same for all of them while
// a nonce would be shared by everyone who got the cached copy. Styles may be inline (MUI's emotion writes
// them at run time); images and videos in articles may come from other https sites.

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** A random mark for one render's own scripts (passed to React Router as their nonce). */
export const newScriptMark = () => randomBytes(18).toString('base64url');

/**
 * The renderer's own inline scripts of a page, and the page without their mark.
 * React Router writes every script it emits (its context, the module loader, scroll restoration, the
 * streamed data) with the render's mark as a `nonce` attribute; only those are allowed, by hash, so a
 * script that reached the page in stored content (past the sanitizer) carries no mark and does not run.
 * The mark is removed from the page: the policy names hashes, not the nonce, so the page a cache keeps
 * and serves to many readers is the same for all of them and holds nothing a later render accepts.
 */
export function rendererScripts(html: string, mark: string): { html: string; hashes: string[] } {
  if (!mark) return { html, hashes: [] };
  const attribute = ` nonce="${mark}"`;
  const out = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    if (!attrs.includes(attribute) || /\ssrc\s*=/i.test(attrs)) continue;
    out.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return { html: html.replaceAll(attribute, ''), hashes: [...out] };
}

/** The policy of a page: the renderer's own inline scripts (by hash), framed by the site itself or by no one. */
export function pagePolicy(scriptHashes: readonly string[], frameAncestors: "'self'" | "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
