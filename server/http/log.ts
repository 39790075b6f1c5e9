import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// What the server's log says of a request: one line when its answer is sent (method, the URL as the client
// asked it, BASE_PATH included, status, time in ms), under an id no other instance or restart of the server
// gives (`reqId`: the instance's own random prefix and a count). A query value can be a secret: an invitation or reset token (older
// clients still send it in the query), OIDC's `code` and `state`, a CAS `ticket` (one that is read from the log
// ends its session by single logout). Every route's query values are dropped, the names kept; headers are not
// logged at all.

/** Fastify's request log, one line a request: the line of its arrival is not written, the line of its answer holds the request. */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    // a client that leaves before the answer is sent still gets its line (Fastify writes none for it)
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished || answered.has(request)) return;
      request.log.info({ req: request, ...(reply.raw.headersSent ? { res: reply } : {}), responseTime: reply.elapsedTime }, 'request aborted');
    });
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    answered.add(request);
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The requests whose line is written (an answer that failed on its way out is closed unfinished too). */
const answered = new WeakSet<FastifyRequest>();

/** Request ids of one instance: a random prefix of its own, then a count (`3f9a1c2e-1b`); Fastify's `req-1` starts again at each restart. */
function requestIds(): () => string {
  const instance = randomBytes(4).toString('hex');
  let n = 0;
  return () => `${instance}-${(++n).toString(36)}`;
}

/** The URL with every query value dropped (`/cas/callback/?ticket=&redirect=`); the path as sent. */
export function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return `${eq < 0 ? pair : pair.slice(0, eq)}=`;
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** Fastify's options for its log: one line a request, ids unique across instances. */
export function requestLogOptions() {
  return { logController: new OneLinePerRequest(), genReqId: requestIds() };
}

/** The logger's options: the level, and a request serializer that keeps no query value. */
export function loggerOptions(stream?: NodeJS.WritableStream) {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    // no serializer below logs headers; should one ever, these never reach the log
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-link-token"]'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        // as the client asked it: under BASE_PATH the routes see the path without the prefix (base-path.ts)
        url: withoutQueryValues(req.originalUrl ?? req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
