import { createHash } from 'node:crypto';

// The content security policy of every page (issue #12, defence in depth): scripts run only from this
// site's own files and the inline scripts the page was rendered with, each allowed by its SHA-256. A
// script injected into a page (through content that escaped the sanitizer, say) matches no hash and
// does not run. Hashes rather than a nonce: a page is one complete document (app/entry.server.tsx) that
// the cache keeps and serves to many readers (server/cache), and a hash is the same for all of them while
// a nonce would be shared by everyone who got the cached copy. Styles may be inline (MUI's emotion writes
// them at run time); images and videos in articles may come from other https sites.

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The SHA-256 sources of the inline scripts of an HTML document, as CSP writes them. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT))
    out.add(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  return [...out];
}

/** The policy of a page: its own inline scripts, framed by the site itself or by no one. */
export function pagePolicy(html: string, frameAncestors: "'self'" | "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
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
