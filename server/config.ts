import path from 'node:path';

// Configuration of DESIGN.md, read once from the environment. Tests build their own.
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  advisorUsername: string | undefined;
  pinganUpstreamUrl: string | undefined;
  /** How long the advisor's data source may take to answer (PINGAN_UPSTREAM_TIMEOUT_MS). */
  pinganTimeoutMs: number;
  analyticsUrl: string | undefined;
  /** The site's public address for canonical links and feeds (PUBLIC_URL); else taken from the request. */
  publicUrl: string | undefined;
  redisUrl: string | undefined;
  /** Login attempts allowed per client address and minute. */
  loginRateLimit: number;
  production: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Serve the built React Router app; off for API-only tests. */
  serveApp: boolean;
};

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const upstream = blank(env.PINGAN_UPSTREAM_URL);
  if (upstream && !/^https?:\/\/[^/]/i.test(upstream)) throw new Error(`PINGAN_UPSTREAM_URL must be an http(s) address, got ${upstream}`);
  return {
    port,
    host: blank(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(blank(env.DATA_DIR) ?? './data'),
    databaseUrl: blank(env.DATABASE_URL),
    adminUsername: blank(env.LAB_ADMIN_USERNAME),
    adminPassword: env.LAB_ADMIN_PASSWORD || undefined,
    advisorUsername: blank(env.ADVISOR_USERNAME),
    pinganUpstreamUrl: upstream,
    pinganTimeoutMs: Number(env.PINGAN_UPSTREAM_TIMEOUT_MS ?? 10_000) || 10_000,
    analyticsUrl: blank(env.ANALYTICS_URL),
    publicUrl: blank(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    redisUrl: blank(env.REDIS_URL),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10) || 10,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    serveApp: env.LAB_API_ONLY !== '1',
  };
}
