import { PassThrough, type Readable } from 'node:stream';
import { STATUS_CODES, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { detailText, type MessageKey } from '../../common/messages.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';
import { isMultipartRequest } from './multipart.ts';

// How long a client may take to send a request (docs/security.md, third round). Without bounds, bodies trickled
// in a byte at a time held their sockets for as long as the client liked (500 of them, 130 s and more). Three:
// - the headers: HEADERS_TIMEOUT_S (20 s), Node's own bound, which answers 408 (clientErrorHandler) and closes;
// - a body of an ordinary call (JSON, a form): BODY_TIMEOUT_S (60 s) from the moment it starts being read;
//   past it the call is answered 408 in the reader's language, and the rest of the body is thrown away as for
//   any refused body (server/http/linger.ts);
// - an upload (a multipart body, which may carry files): UPLOAD_TIMEOUT_S (30 min) for the whole request,
//   Node's request timeout, which answers 408 (clientErrorHandler) and closes.

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

/** What Node's parser refuses before a request is one (its headers late, too large, or no HTTP): the answer's words. */
const CLIENT_ERRORS: Record<string, { status: number; message: MessageKey }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'request_incomplete' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'request_headers_too_large' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node refused before it had headers (or, for an upload past its
 * bound, before it was answered) gets its status and a message in both languages, since the reader's language
 * is in headers that never came; then its socket is closed. Fastify's own answer was English only.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, message: 'request_malformed' };
  this.log.debug({ code: err.code }, 'client error');
  // an answer already on its way (an upload's, past its bound) is not followed by another
  if (socket.writable && socket.bytesWritten === 0) {
    const body = JSON.stringify({ detail: `${detailText('zh', message)} / ${detailText('en', message)}` });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
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
