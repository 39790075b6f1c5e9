// What the checks share: the site's address, the run's folders, HTTP with cookies kept by hand and redirects not
// followed (a check looks at each Location), the stand-ins' control server, and the results written to $OUT.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { walk } from '../../tests/helpers/oidc.ts';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the checks with \`npm run security:outside\` (security/outside/run.sh)`);
  return value;
};
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SITE = required('SITE');
export const OUT = required('OUT');
export const DATA_DIR = required('DATA_DIR');
export const standins = () => JSON.parse(fs.readFileSync(`${OUT}/standins.json`, 'utf8')) as Record<string, string>;
/** One query on the site's SQLite database, its output as sqlite3 prints it (rows on lines, columns joined by |). */
export const sql = (q: string) => execFileSync('sqlite3', [`${DATA_DIR}/lab.sqlite`, q], { encoding: 'utf8' }).trim();

export class Jar {
  cookies = new Map<string, string>();
  name: string;
  constructor(name: string) {
    this.name = name;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq <= 0) continue;
      const k = pair!.slice(0, eq).trim();
      const v = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (!v || expired) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
  }
}

/** The fields of the site's JSON answers that the checks read. */
export type Body = {
  token?: string;
  loginStatus?: string;
  userInfo?: { username?: string };
  code?: string;
  detail?: unknown;
  challenge?: string;
  secret?: string;
  invitation_url?: string;
  [key: string]: unknown;
};
export type Answer = { status: number; headers: Headers; text: string; json: Body | null; location: string | null; setCookie: string[] };

const results: string[] = [];
export function note(line: string) {
  console.log(line);
  results.push(line);
}
export function verdict(id: string, ok: boolean, what: string) {
  note(`**${ok ? 'PASS' : 'FAIL'}** [${id}] ${what}`);
}
export function flush(file: string) {
  fs.writeFileSync(`${OUT}/${file}`, `${results.join('\n')}\n`);
}

export async function call(
  method: string,
  path: string,
  opts: { jar?: Jar; headers?: Record<string, string>; body?: unknown; token?: string; xff?: string; lang?: string; show?: boolean } = {},
): Promise<Answer> {
  const url = path.startsWith('http') ? path : SITE + path;
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.jar?.cookies.size) headers.cookie = opts.jar.header();
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  if (opts.xff) headers['x-forwarded-for'] = opts.xff;
  if (opts.lang) headers['accept-language'] = opts.lang;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  opts.jar?.take(res);
  const text = await res.text();
  let json: Body | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: a page or an empty answer, read as text
  }
  const a = { status: res.status, headers: res.headers, text, json, location: res.headers.get('location'), setCookie: res.headers.getSetCookie() };
  if (opts.show !== false) {
    const safeBody = opts.body && typeof opts.body === 'object' ? JSON.stringify(opts.body) : '';
    note(
      `    ${method} ${path}${safeBody ? ` ${safeBody}` : ''} → ${a.status}${a.location ? ` Location: ${a.location}` : ''} ${text.slice(0, 220).replace(/\n/g, ' ')}`,
    );
  }
  return a;
}

/** The login CSRF pair in `jar`; returns the header to send. */
export async function csrf(jar: Jar): Promise<Record<string, string>> {
  await call('GET', '/api/csrf/', { jar, show: false });
  return { 'x-csrftoken': jar.cookies.get('csrftoken') as string };
}

export async function login(username: string, password: string, extra: Record<string, unknown> = {}, xff = '10.9.9.9', jar = new Jar('login')) {
  const h = await csrf(jar);
  return call('POST', '/api/login/', { jar, headers: h, body: { username, password, ...extra }, xff });
}

export const control = async (route: string, body?: unknown) =>
  (
    await fetch(standins().control + route, { method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body) })
  ).json();

/** Follows the provider's redirects until the browser is sent back to the site; that address. */
export const walkProvider = (start: string) => walk(start, SITE);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function mailsTo(addr: string): Promise<{ to: string[]; subject: string; text: string }[]> {
  const all = (await control('/mails')) as { to: string[]; subject: string; text: string }[];
  return all.filter((m) => m.to.includes(addr));
}
