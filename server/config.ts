import { isIP } from 'node:net';
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
  /** Where a DOI's metadata is looked up (CROSSREF_URL, DATACITE_URL), and how long that may take (DOI_LOOKUP_TIMEOUT_MS). */
  crossrefUrl: string;
  dataciteUrl: string;
  doiLookupTimeoutMs: number;
  /**
   * The scholarly indexes "Find new papers" and the daily job ask (server/sync/): their
   * addresses (OPENALEX_URL, ORCID_URL, DBLP_URL), the mailto their User-Agent names (SYNC_MAILTO, else
   * MAIL_FROM's address, else the site's e-mail), how long one request may take (SYNC_TIMEOUT_MS), how many
   * times a 429 or 5xx is tried again (SYNC_RETRIES), the least time between two requests to one index
   * (SYNC_INTERVAL_MS), the longest a Retry-After is waited (SYNC_MAX_WAIT_MS), and the daily job (SYNC_JOB).
   */
  sync: SyncConfig;
  /** The site's public address for canonical links and feeds (PUBLIC_URL); see server/http/origin.ts. */
  publicUrl: string | undefined;
  /**
   * The path the site lives under (BASE_PATH, docs/deploy.md "Under a sub-path"): '' at the root, else
   * '/lab' or '/dept/lab' (a leading slash, none at the end). Requests arrive with it; everything emitted keeps it.
   */
  basePath: string;
  /** Hosts (host or host:port, lower case) whose name may appear in links when PUBLIC_URL is unset (ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Login attempts allowed per client address and minute. */
  loginRateLimit: number;
  production: boolean;
  /**
   * Which X-Forwarded-* hops to believe (TRUST_PROXY): a number of proxies in front of the server, or
   * their addresses/CIDRs. Never "all": a client could then name its own address.
   */
  trustProxy: number | string | false;
  /** Memory for shared public answers, in bytes (CACHE_MB); see server/cache/response-cache.ts. */
  cacheBytes: number;
  /** After how long a shared answer is rendered anew even without a write (CACHE_MAX_AGE_S). */
  cacheMaxAgeMs: number;
  /** How long the first reader after a write waits for the new version before getting the previous one (CACHE_PATIENCE_MS). */
  cachePatienceMs: number;
  /** Where the daily backups go (BACKUP_DIR); none are taken when unset. See server/backup/schedule.ts. */
  backupDir: string | undefined;
  /** How many daily backups are kept (BACKUP_KEEP). */
  backupKeep: number;
  /** How many versions of a record are kept (HISTORY_KEEP), and for how many days the trash keeps a deleted record (TRASH_DAYS). */
  historyKeep: number;
  trashDays: number;
  /** How long a client may take to send a request's headers (HEADERS_TIMEOUT_S), an ordinary body (BODY_TIMEOUT_S), a whole upload (UPLOAD_TIMEOUT_S): server/http/timeouts.ts. */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  /** Uploads (multipart bodies with files) one instance reads at once (UPLOADS_IN_FLIGHT); more answer 503. */
  uploadsInFlight: number;
  /** Free space the disk of DATA_DIR keeps besides an upload (DISK_RESERVE_MB), in bytes; less answers 507. */
  diskReserveBytes: number;
  /** Who may read /metrics (server/ops/plugin.ts): a bearer token (METRICS_TOKEN) and/or addresses and CIDR blocks (METRICS_ALLOW). */
  metricsToken: string | undefined;
  metricsAllow: string[];
  /**
   * Outgoing mail (server/mail/): the SMTP server as smtp(s)://user:password@host:port (SMTP_URL), the sender
   * (MAIL_FROM), and how long one send may take in all (SMTP_TIMEOUT_MS). Without both, mail features say so.
   */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  smtpTimeoutMs: number;
  /**
   * University login (server/services/external-login.ts): the name the login page shows
   * (CAMPUS_LOGIN_NAME, CAMPUS_LOGIN_NAME_EN), and each kind, on when its address is set.
   */
  campusName: { zh: string; en: string };
  oidc: OidcConfig | undefined;
  cas: CasConfig | undefined;
  ldap: LdapConfig | undefined;
  /** Serve the built React Router app; off for API-only tests. */
  serveApp: boolean;
  /** Stored files in an S3-compatible bucket (S3_BUCKET and the rest, server/storage/s3.ts); on DATA_DIR's disk when unset. */
  s3: S3Config | undefined;
};

export type SyncConfig = {
  openalexUrl: string;
  orcidUrl: string;
  dblpUrl: string;
  mailto: string | undefined;
  timeoutMs: number;
  retries: number;
  intervalMs: number;
  maxWaitMs: number;
  job: boolean;
};

/** Which member field an external identity is matched on: username, e-mail, or student/staff number (uid). */
type MatchField = 'username' | 'email' | 'uid';
/** How an identity of one kind finds its member: the member's field, and the claim/attribute that holds it. */
export type MatchRule = { field: MatchField; attribute: string };

export type OidcConfig = { issuerUrl: string; clientId: string; clientSecret: string | undefined; scopes: string; match: MatchRule; timeoutMs: number };
export type CasConfig = { url: string; match: MatchRule; timeoutMs: number };
export type LdapConfig = {
  url: string;
  /** Bind as the user: a DN with {username} (LDAP_USER_DN), e.g. uid={username},ou=people,dc=example,dc=edu. */
  userDn: string | undefined;
  /** Or search, then bind: a service account (LDAP_BIND_DN, LDAP_BIND_PASSWORD), the base and filter with {username}. */
  bindDn: string | undefined;
  bindPassword: string | undefined;
  base: string | undefined;
  filter: string;
  match: MatchRule;
  timeoutMs: number;
};

/** The member field of <KIND>_MATCH and the claim or attribute of <KIND>_ATTRIBUTE (or its default for that field). */
function matchRule(kind: string, env: NodeJS.ProcessEnv, defaults: Record<MatchField, string>): MatchRule {
  const field = (blank(env[`${kind}_MATCH`]) ?? 'username').toLowerCase();
  if (field !== 'username' && field !== 'email' && field !== 'uid') {
    throw new Error(`${kind}_MATCH must be username, email or uid (the student/staff number), got ${field}`);
  }
  const attribute = blank(env[`${kind}_ATTRIBUTE`]) ?? defaults[field];
  if (!/^[A-Za-z0-9_:.-]{1,100}$/.test(attribute)) throw new Error(`${kind}_ATTRIBUTE must be a claim or attribute name, got ${attribute}`);
  return { field, attribute };
}

function oidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = blank(env.OIDC_ISSUER_URL);
  if (!issuer) return undefined;
  const clientId = blank(env.OIDC_CLIENT_ID);
  if (!clientId) throw new Error('OIDC_CLIENT_ID must be set with OIDC_ISSUER_URL');
  return {
    issuerUrl: httpUrl('OIDC_ISSUER_URL', issuer),
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    scopes: blank(env.OIDC_SCOPES) ?? 'openid profile email',
    match: matchRule('OIDC', env, { username: 'preferred_username', email: 'email', uid: 'sub' }),
    timeoutMs: positive('OIDC_TIMEOUT_MS', env.OIDC_TIMEOUT_MS, 10_000),
  };
}

function casConfig(env: NodeJS.ProcessEnv): CasConfig | undefined {
  const url = blank(env.CAS_URL);
  if (!url) return undefined;
  // "user" is the CAS principal (cas:user); any other name is one of its attributes
  return {
    url: httpUrl('CAS_URL', url),
    match: matchRule('CAS', env, { username: 'user', email: 'mail', uid: 'user' }),
    timeoutMs: positive('CAS_TIMEOUT_MS', env.CAS_TIMEOUT_MS, 10_000),
  };
}

function ldapConfig(env: NodeJS.ProcessEnv): LdapConfig | undefined {
  const url = blank(env.LDAP_URL);
  if (!url) return undefined;
  if (!/^ldaps?:\/\/[^/]/i.test(url)) throw new Error(`LDAP_URL must be an ldap:// or ldaps:// address, got ${url}`);
  const userDn = blank(env.LDAP_USER_DN);
  const base = blank(env.LDAP_BASE);
  if (userDn && !userDn.includes('{username}')) throw new Error('LDAP_USER_DN must hold {username}, e.g. uid={username},ou=people,dc=example,dc=edu');
  if (!userDn && !base) throw new Error('LDAP_URL needs LDAP_USER_DN (bind as the user) or LDAP_BASE (search, then bind)');
  const filter = blank(env.LDAP_FILTER) ?? '(uid={username})';
  if (!filter.includes('{username}')) throw new Error('LDAP_FILTER must hold {username}, e.g. (uid={username})');
  return {
    url,
    userDn,
    bindDn: blank(env.LDAP_BIND_DN),
    bindPassword: env.LDAP_BIND_PASSWORD || undefined,
    base,
    filter,
    match: matchRule('LDAP', env, { username: 'uid', email: 'mail', uid: 'employeeNumber' }),
    timeoutMs: positive('LDAP_TIMEOUT_MS', env.LDAP_TIMEOUT_MS, 10_000),
  };
}

/** An S3-compatible bucket for the stored files (docs/deploy.md, "Object storage"). */
export type S3Config = {
  /** S3_ENDPOINT: the server's address (MinIO, a campus cloud); AWS's own when unset. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; the SDK's usual sources (AWS_* variables, an instance role) when unset. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key instead of http://bucket.host/key (MinIO and most campus S3 need it). */
  forcePathStyle: boolean;
  /** S3_PREFIX: the names' common start inside the bucket ('' or ending with '/'), for a bucket shared by several labs. */
  prefix: string;
  /** S3_TIMEOUT_MS: how long one request to the bucket may take to answer, its retries included (an upload: without progress). */
  timeoutMs: number;
};

/** The default of S3_TIMEOUT_MS: a bucket answers in milliseconds; a visitor waiting longer than this has given up. */
const S3_TIMEOUT_MS = 10_000;

/** The bucket settings, or none when S3_BUCKET is unset; a refusal to start names what is wrong (never a secret). */
export function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = blank(env.S3_BUCKET);
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX', 'S3_TIMEOUT_MS'].filter((k) =>
    blank(env[k]),
  );
  if (!bucket) {
    if (others.length)
      throw new Error(`${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set it to keep the files in a bucket, or unset them`);
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got ${bucket}`);
  const endpoint = blank(env.S3_ENDPOINT);
  if (endpoint !== undefined) httpUrl('S3_ENDPOINT', endpoint);
  const accessKeyId = blank(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  const pathStyle = blank(env.S3_FORCE_PATH_STYLE);
  if (pathStyle !== undefined && !['1', 'true', '0', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got ${pathStyle}`);
  const prefix = blank(env.S3_PREFIX) ?? '';
  if (prefix && !/^([a-zA-Z0-9_.-]+\/){1,8}$/.test(prefix)) throw new Error(`S3_PREFIX must be folder names ending with /, like lab/, got ${prefix}`);
  return {
    endpoint: endpoint?.replace(/\/+$/, ''),
    bucket,
    region: blank(env.S3_REGION) ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    prefix,
    timeoutMs: positive('S3_TIMEOUT_MS', env.S3_TIMEOUT_MS, S3_TIMEOUT_MS),
  };
}

/** An smtp:// or smtps:// address, or a refusal to start that never repeats the address (it holds a password). */
function smtpUrl(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address (smtp://user:password@host:587)');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address (smtp://user:password@host:587)');
  }
  return v;
}

/** A sender address: `lab@example.edu` or `Lab <lab@example.edu>` (no line breaks: it becomes a header). */
function mailFrom(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (v.length > 300 || /[\r\n]/.test(v) || !/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(v)) {
    throw new Error(`MAIL_FROM must be an e-mail address, optionally with a name (Lab <lab@example.edu>), got ${v}`);
  }
  return v;
}

/** Addresses or CIDR blocks, comma-separated (METRICS_ALLOW), or a refusal to start naming the entry. */
function addressesAndBlocks(name: string, v: string | undefined): string[] {
  const entries = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const e of entries) {
    const [ip, bits] = e.split('/');
    const max = isIP(ip ?? '') === 6 ? 128 : 32;
    if (!isIP(ip ?? '') || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      throw new Error(`${name} must list addresses or CIDR blocks, got ${e}`);
    }
  }
  return entries;
}

function parseTrustProxy(v: string | undefined): number | string | false {
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((s) => s.trim());
  for (const e of entries) {
    const [ip, bits] = e.split('/');
    if (!isIP(ip ?? '') || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(`TRUST_PROXY must be a number of proxies or their addresses (CIDR allowed), got ${v}`);
    }
  }
  return entries.join(',');
}

/** An http(s) address without its trailing slash, or a refusal to start naming the setting. */
function httpUrl(name: string, v: string): string {
  if (!/^https?:\/\/[^/]/i.test(v)) throw new Error(`${name} must be an http(s) address, got ${v}`);
  return v.replace(/\/+$/, '');
}

function parsePublicUrl(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got ${v}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) address, got ${v}`);
  return v.replace(/\/+$/, '');
}

/** BASE_PATH as '' or '/a/b': plain path segments only, so it can stand in a URL, a cookie's Path and a redirect as it is. */
export function parseBasePath(v: string | undefined): string {
  const trimmed = (v ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(trimmed) || trimmed.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`BASE_PATH must be a plain path like /lab or /dept/lab (letters, digits, . _ ~ - between slashes), got ${v}`);
  }
  return `/${trimmed}`;
}

/** PUBLIC_URL names the origin; one written with the sub-path at its end (https://example.edu/lab) is taken without it. */
function publicOrigin(url: string | undefined, basePath: string): string | undefined {
  return url && basePath && url.endsWith(basePath) ? url.slice(0, -basePath.length) : url;
}

/** The defaults of HISTORY_KEEP and TRASH_DAYS (server/services/history.ts). */
export const HISTORY_KEEP = 50;
const TRASH_DAYS = 30;

/** The defaults of UPLOADS_IN_FLIGHT and DISK_RESERVE_MB (server/http/multipart.ts). */
const UPLOADS_IN_FLIGHT = 32;
const DISK_RESERVE_MB = 512;

function nonNegative(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of at least 0, got ${v}`);
  return n;
}

function positive(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${v}`);
  return n;
}

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
    crossrefUrl: httpUrl('CROSSREF_URL', blank(env.CROSSREF_URL) ?? 'https://api.crossref.org'),
    dataciteUrl: httpUrl('DATACITE_URL', blank(env.DATACITE_URL) ?? 'https://api.datacite.org'),
    doiLookupTimeoutMs: Number(env.DOI_LOOKUP_TIMEOUT_MS ?? 8_000) || 8_000,
    publicUrl: publicOrigin(parsePublicUrl(blank(env.PUBLIC_URL)), parseBasePath(env.BASE_PATH)),
    basePath: parseBasePath(env.BASE_PATH),
    sync: {
      openalexUrl: httpUrl('OPENALEX_URL', blank(env.OPENALEX_URL) ?? 'https://api.openalex.org'),
      orcidUrl: httpUrl('ORCID_URL', blank(env.ORCID_URL) ?? 'https://pub.orcid.org'),
      dblpUrl: httpUrl('DBLP_URL', blank(env.DBLP_URL) ?? 'https://dblp.org'),
      mailto:
        blank(env.SYNC_MAILTO) ?? /<([^<>]+)>\s*$/.exec(env.MAIL_FROM ?? '')?.[1] ?? (blank(env.MAIL_FROM)?.includes('<') ? undefined : blank(env.MAIL_FROM)),
      timeoutMs: positive('SYNC_TIMEOUT_MS', env.SYNC_TIMEOUT_MS, 10_000),
      retries: Math.min(5, Math.round(nonNegative('SYNC_RETRIES', env.SYNC_RETRIES, 2))),
      intervalMs: nonNegative('SYNC_INTERVAL_MS', env.SYNC_INTERVAL_MS, 150),
      maxWaitMs: nonNegative('SYNC_MAX_WAIT_MS', env.SYNC_MAX_WAIT_MS, 30_000),
      // on in production unless SYNC_JOB=off; elsewhere (development, tests) only with SYNC_JOB=on: it asks the public APIs
      job: blank(env.SYNC_JOB) === 'on' || (env.NODE_ENV === 'production' && blank(env.SYNC_JOB) !== 'off'),
    },
    allowedHosts: (blank(env.ALLOWED_HOSTS) ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10) || 10,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(blank(env.TRUST_PROXY)),
    cacheBytes: positive('CACHE_MB', env.CACHE_MB, 48) * 1024 * 1024,
    cacheMaxAgeMs: positive('CACHE_MAX_AGE_S', env.CACHE_MAX_AGE_S, 300) * 1000,
    cachePatienceMs: positive('CACHE_PATIENCE_MS', env.CACHE_PATIENCE_MS, 300),
    backupDir: blank(env.BACKUP_DIR) === undefined ? undefined : path.resolve(blank(env.BACKUP_DIR) as string),
    backupKeep: Math.round(positive('BACKUP_KEEP', env.BACKUP_KEEP, 7)),
    historyKeep: Math.max(1, Math.round(positive('HISTORY_KEEP', env.HISTORY_KEEP, HISTORY_KEEP))),
    trashDays: positive('TRASH_DAYS', env.TRASH_DAYS, TRASH_DAYS),
    headersTimeoutMs: Math.round(positive('HEADERS_TIMEOUT_S', env.HEADERS_TIMEOUT_S, 20) * 1000),
    bodyTimeoutMs: Math.round(positive('BODY_TIMEOUT_S', env.BODY_TIMEOUT_S, 60) * 1000),
    uploadTimeoutMs: Math.round(positive('UPLOAD_TIMEOUT_S', env.UPLOAD_TIMEOUT_S, 1800) * 1000),
    uploadsInFlight: Math.max(1, Math.round(positive('UPLOADS_IN_FLIGHT', env.UPLOADS_IN_FLIGHT, UPLOADS_IN_FLIGHT))),
    diskReserveBytes: nonNegative('DISK_RESERVE_MB', env.DISK_RESERVE_MB, DISK_RESERVE_MB) * 1024 * 1024,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsAllow: addressesAndBlocks('METRICS_ALLOW', blank(env.METRICS_ALLOW)),
    smtpUrl: smtpUrl(blank(env.SMTP_URL)),
    mailFrom: mailFrom(blank(env.MAIL_FROM)),
    smtpTimeoutMs: positive('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, 15_000),
    campusName: {
      zh: (blank(env.CAMPUS_LOGIN_NAME) ?? blank(env.CAMPUS_LOGIN_NAME_EN) ?? '校园账号').slice(0, 60),
      en: (blank(env.CAMPUS_LOGIN_NAME_EN) ?? blank(env.CAMPUS_LOGIN_NAME) ?? 'campus account').slice(0, 60),
    },
    oidc: oidcConfig(env),
    cas: casConfig(env),
    ldap: ldapConfig(env),
    serveApp: env.LAB_API_ONLY !== '1',
    s3: s3Config(env),
  };
}
