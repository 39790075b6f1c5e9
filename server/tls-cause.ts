// Why a TLS connection to a server this site asks (the mail server, the campus directory or login, the
// bucket) failed, for the operator's log. A campus server's certificate is often signed by the university's
// own authority, which Node.js does not know: the library's own error then says only `ESOCKET` or
// "fetch failed", and the cause, with what to do about it, is deeper in the error's chain.

/** OpenSSL's codes for a certificate Node.js cannot check against the authorities it trusts. */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

/** Other codes of a certificate refused: expired, not yet valid, for another name. */
const REFUSED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);

const CA_HINT =
  "the server's certificate is not signed by an authority Node.js trusts: for a campus (internal) certificate authority, start the site with NODE_EXTRA_CA_CERTS=/path/to/campus-ca.pem (docs/deploy.md)";

/**
 * The TLS cause of a failed connection, found along `cause` (and an AggregateError's errors) a few levels
 * deep: its code, and a hint when the certificate's authority is unknown; undefined when TLS was not why.
 */
export function tlsCause(e: unknown): { tls: string; hint?: string } | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [e];
  for (let i = 0; i < queue.length && i < 20; i++) {
    const err = queue[i];
    if (!err || typeof err !== 'object' || seen.has(err)) continue;
    seen.add(err);
    // nodemailer puts its own code (ESOCKET) in `code` and keeps the system's in `originalCode`
    for (const code of [(err as { code?: unknown }).code, (err as { originalCode?: unknown }).originalCode]) {
      if (typeof code === 'string' && UNTRUSTED.has(code)) return { tls: code, hint: CA_HINT };
      if (typeof code === 'string' && REFUSED.has(code)) return { tls: code };
    }
    queue.push((err as { cause?: unknown }).cause);
    const errors = (err as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 5));
  }
  return undefined;
}

/** The TLS cause as words to add to a message ("…: TLS SELF_SIGNED_CERT_IN_CHAIN: <hint>"), or ''. */
export function tlsCauseText(e: unknown): string {
  const c = tlsCause(e);
  return c ? `: TLS ${c.tls}${c.hint ? `: ${c.hint}` : ''}` : '';
}
