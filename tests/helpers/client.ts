import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// A small client over fastify.inject: CSRF login, Token headers and multipart bodies built with
// the platform's FormData, as a browser would send them.

export type Part = string | number | boolean | { file: Buffer; name: string; type?: string };

export function form(fields: Record<string, Part | undefined>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (typeof v === 'object') fd.append(k, new Blob([new Uint8Array(v.file)], { type: v.type ?? 'application/octet-stream' }), v.name);
    else fd.append(k, String(v));
  }
  return fd;
}

export async function multipart(fd: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type') as string } };
}

export class Client {
  readonly app: FastifyInstance;
  token: string | undefined;
  lang: 'zh' | 'en' = 'en';
  constructor(app: FastifyInstance, token?: string) {
    this.app = app;
    this.token = token;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'accept-language': this.lang, ...(this.token ? { authorization: `Token ${this.token}` } : {}), ...extra };
  }

  get(url: string) {
    return this.app.inject({ method: 'GET', url, headers: this.headers() });
  }

  delete(url: string) {
    return this.app.inject({ method: 'DELETE', url, headers: this.headers() });
  }

  json(method: 'POST' | 'PUT', url: string, body: unknown) {
    return this.app.inject({ method, url, headers: this.headers({ 'content-type': 'application/json' }), payload: JSON.stringify(body) });
  }

  async send(method: 'POST' | 'PUT', url: string, fields: Record<string, Part | undefined>): Promise<LightMyRequestResponse> {
    const { payload, headers } = await multipart(form(fields));
    return this.app.inject({ method, url, headers: this.headers(headers), payload });
  }

  /** A call as a browser makes the login (CSRF cookie, then the call with its header), its answer as it came. */
  async withCsrf(url: string, body: unknown) {
    const csrf = await this.app.inject({ method: 'GET', url: '/api/csrf/' });
    const cookie = csrf.cookies.find((c) => c.name === 'csrftoken')?.value as string;
    return this.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'accept-language': this.lang, cookie: `csrftoken=${cookie}`, 'x-csrftoken': cookie },
      payload: JSON.stringify(body),
    });
  }

  /** The login call as a browser makes it, its answer as it came. */
  loginResponse(username: string, password: string) {
    return this.withCsrf('/api/login/', { username, password });
  }

  async login(username: string, password: string) {
    const res = await this.loginResponse(username, password);
    const body = res.json();
    if (body.loginStatus === 'success') this.token = body.token;
    return body as { loginStatus: string; token?: string; loginTime?: number; userInfo?: Record<string, unknown> };
  }
}

export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<Client> {
  const c = new Client(app);
  const r = await c.login(username, password);
  if (r.loginStatus !== 'success') throw new Error(`login of ${username} failed: ${JSON.stringify(r)}`);
  return c;
}

let counter = 0;
/** Creates a person through the API as `admin` and returns a logged-in client for them. */
export async function createMember(admin: Client, overrides: Record<string, Part> = {}): Promise<Client & { pid: number; uid: string; username: string }> {
  counter += 1;
  const username = String(overrides.username ?? `member${counter}${Date.now() % 100000}`);
  const uid = String(overrides.uid ?? `U${counter}${Date.now() % 1000000}`);
  const res = await admin.send('POST', '/api/people/', {
    uid,
    username,
    name_zh: '测试成员',
    name_en: 'Test Member',
    password: 'member-password',
    password2: 'member-password',
    type: 'master',
    ...overrides,
  });
  if (res.statusCode !== 200) throw new Error(`create member failed: ${res.statusCode} ${res.body}`);
  const c = await loginAs(admin.app, username, String(overrides.password ?? 'member-password'));
  return Object.assign(c, { pid: Number(res.headers['x-resource-id']), uid, username });
}

/** One part of a hand-built multipart body; a file part's name may be raw bytes (non-UTF-8, NUL…). */
export type RawPart = { name: string; value: string; type?: string } | { name: string; filename: string | Buffer; data: Buffer; type?: string };

/**
 * A multipart body built byte by byte, for what FormData cannot send (raw file-name bytes).
 * The filename parameter is written as given, between quotes.
 */
function rawMultipart(parts: RawPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----labtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      // a text part may name a Content-Type (application/json…): what a hostile client can send
      const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n${type}\r\n${p.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="`));
      chunks.push(typeof p.filename === 'string' ? Buffer.from(p.filename) : p.filename);
      chunks.push(Buffer.from(`"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a hand-built multipart body (see rawMultipart) with the client's headers. */
export function sendRaw(client: Client, method: 'POST' | 'PUT', url: string, parts: RawPart[]) {
  const { payload, headers } = rawMultipart(parts);
  return client.app.inject({ method, url, headers: client.headers(headers), payload });
}
