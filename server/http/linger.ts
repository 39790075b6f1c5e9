import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MB } from '../storage/storage.ts';

// Lingering close (RFC 9112 §9.6). A request refused before its body was read (401, 403, 413, 415…) is
// answered at once with Connection: close. Node would then close the socket as soon as the answer is
// written, while the client is still sending: the client's writes fail (EPIPE), the reset that follows can
// drop the answer it had not read yet, and fetch or a browser report a network error instead of the
// status and its message. Instead the answer goes out, the sending side of the socket is
// closed (the client sees the whole answer), and what the client still sends is read and thrown away
// (never stored) until its body ends, or LINGER_MS passed; then the socket is destroyed. Past LINGER_BYTES
// more it is no longer read (the sender waits): destroying the socket there reset it while a fast client
// was still sending, and fetch sometimes reported EPIPE instead of the answer. A client that sends 100 MB,
// slowly or fast, holds a socket at most LINGER_MS after its answer.

/** How much of a refused body is read and thrown away after the answer, at most. */
const LINGER_BYTES = 16 * MB;
/** How long a refused body is read and thrown away after the answer, at most. */
const LINGER_MS = 5000;

type Bounds = { bytes: number; ms: number };

function lingerAfterAnswer(req: IncomingMessage, { bytes, ms }: Bounds) {
  const socket = req.socket;
  let received = 0;
  let lingering = false;
  let timer: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(timer);
    // the answer first: destroying a socket whose answer is still being written would cut it
    if (socket.writableFinished || socket.destroyed) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  // reading it ourselves (rather than Node's own discard, which cannot be counted) keeps the bound in bytes
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    // past the bound it is no longer read: the sender waits (no reset that could still drop the answer it
    // has not read) until LINGER_MS ends the socket
    if (lingering && received > bytes) req.pause();
  });
  req.once('end', () => lingering && finish());
  req.once('error', () => socket.destroy());
  req.resume();
  // Node ends a Connection: close answer with destroySoon(); this socket lingers instead
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (req.complete || socket.destroyed) return destroySoon();
    lingering = true;
    received = 0;
    socket.end();
    timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    // a body a parser stopped reading (a refused upload) flows again, into the counter
    req.unpipe();
    req.resume();
  };
  socket.once('close', () => clearTimeout(timer));
}

export const lingerPlugin = fp(async (app: FastifyInstance, opts: Partial<Bounds> = {}) => {
  const bounds = { bytes: opts.bytes ?? LINGER_BYTES, ms: opts.ms ?? LINGER_MS };
  app.addHook('onSend', async (req, reply, payload) => {
    // an answer before the body was read whole (a refusal): no further request on this connection.
    // Only on a real socket (an injected request has neither `complete` nor a socket to linger on).
    if (req.raw.complete !== false || typeof req.raw.socket?.destroySoon !== 'function') return payload;
    reply.header('Connection', 'close');
    lingerAfterAnswer(req.raw, bounds);
    return payload;
  });
});
