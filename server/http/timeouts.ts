import { PassThrough, type Readable } from 'node:stream';
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';
import { isMultipartRequest } from './multipart.ts';

// How long a client may take to send a request (docs/security.md, third round). Without bounds, bodies trickled
// in a byte at a time held their sockets for as long as the client liked (500 of them, 130 s and more). Three:
// - the headers: HEADERS_TIMEOUT_S (20 s), Node's own bound, which answers 408 and closes;
// - a body of an ordinary call (JSON, a form): BODY_TIMEOUT_S (60 s) from the moment it starts being read;
//   past it the call is answered 408 in the reader's language, and the rest of the body is thrown away as for
//   any refused body (server/http/linger.ts);
// - an upload (a multipart body, which may carry files): UPLOAD_TIMEOUT_S (30 min) for the whole request,
//   Node's request timeout, which answers a bare 408 and closes.

/** The Node server's own bounds, for Fastify's options. */
export function serverTimeouts(config: Config): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: config.uploadTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.uploadTimeoutMs,
      // how often Node looks for requests past their bounds (its default, 30 s, would let a bound of 20 s run to 50)
      connectionsCheckingInterval: Math.max(250, Math.min(5000, Math.floor(config.headersTimeoutMs / 4))),
    },
  };
}

/** The payload as Fastify's body parsers read it, failing with a 408 when it has not ended within `ms`. */
function withDeadline(payload: Readable, ms: number): Readable {
  const out = new PassThrough();
  const timer = setTimeout(() => {
    payload.unpipe(out);
    out.destroy(new ApiError(408, 'request_timeout'));
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  payload.once('end', stop);
  payload.once('error', (e) => {
    stop();
    out.destroy(e);
  });
  out.once('close', stop);
  return payload.pipe(out);
}

/** A request that says it has a body (a length other than 0, or chunks). */
const hasBody = (headers: Record<string, unknown>) =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** The bound of an ordinary call's body: registered at the root, before the routes. */
export const bodyDeadlinePlugin = fp(async (app: FastifyInstance, opts: { bodyTimeoutMs: number }) => {
  app.addHook('preParsing', async (req, _reply, payload) => {
    // an upload's multipart body is read by its route, under the longer bound of the whole request
    if (!hasBody(req.headers) || isMultipartRequest(req)) return payload;
    return withDeadline(payload, opts.bodyTimeoutMs);
  });
});
