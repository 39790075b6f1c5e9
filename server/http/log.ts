import type { FastifyRequest } from 'fastify';

// What the server's log says of a request. A query value can be a secret: an invitation or reset token (older
// clients still send it in the query), OIDC's `code` and `state`, a CAS `ticket` (one that is read from the log
// ends its session by single logout). Every route's query values are dropped, the names kept; headers are not
// logged at all.

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
        url: withoutQueryValues(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
