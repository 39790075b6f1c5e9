import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// The site's public origin (scheme://host[:port]) for canonical links, Open Graph, the sitemap and the
// feeds. Pages carrying it are cached and shown to everyone, so it never comes from an unchecked header
// (else one `Host: evil.example` request could become every visitor's canonical URL):
// - PUBLIC_URL when set: always that;
// - else a Host (X-Forwarded-Host behind a trusted proxy) that is on ALLOWED_HOSTS, or a loopback name
//   at the port the request came in on (local runs and tests);
// - else the address the server listens on.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** host or host:port, a DNS name or an IP literal: nothing that could break out of a URL. */
const HOST_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

function isHostName(host: string): boolean {
  return host.length <= 260 && HOST_RE.test(host);
}

/** The host (and port) the server is reached at when the request's own cannot be trusted. */
function defaultHost(req: FastifyRequest, config: Config): string {
  const port = req.raw.socket?.localPort ?? config.port;
  const listen = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `${listen.includes(':') ? `[${listen}]` : listen}:${port}`;
}

/** The request's host when it may appear in links, else undefined. */
function allowedHost(req: FastifyRequest, config: Config): string | undefined {
  const host = String(req.host ?? '').toLowerCase();
  if (!isHostName(host)) return undefined;
  if (config.allowedHosts.includes(host)) return host;
  const [, name, port] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host) ?? [];
  if (name && LOOPBACK.has(name) && Number(port ?? 80) === req.raw.socket?.localPort) return host;
  return undefined;
}

export function siteOrigin(req: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = allowedHost(req, config);
  if (!host) return `http://${defaultHost(req, config)}`;
  const proto = req.protocol === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/** The site's own address for links: its origin and BASE_PATH (`https://example.edu/lab`), without a slash at the end. */
export function siteUrl(req: FastifyRequest, config: Config): string {
  return `${siteOrigin(req, config)}${config.basePath}`;
}
