import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { CHROMIUM } from './server.ts';

// Refused requests whose body is still arriving, over real HTTP against the real
// server process: the server answers first, then reads and throws away what the client still sends
// (lingering close, server/http/linger.ts). Node's fetch, curl and Chromium each read the 401/403/413 and
// its message rather than a network error, and nothing of those bodies reaches DATA_DIR/tmp.

const ADMIN = { username: 'lingeradmin', password: 'linger-admin-password' };
const BIG = 48 * 1024 * 1024;

let server: ServerProcess;
let scratch: string;
let dataDir: string;
let member: string;
let browser: Browser;
const bigFile = () => path.join(scratch, 'big.bin');
/** Files under DATA_DIR/tmp (each instance has a folder there), heartbeats aside. */
const tmpFiles = () =>
  fs
    .readdirSync(path.join(dataDir, 'tmp'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== '.alive')
    .map((e) => e.name);

async function createMember(admin: string, username: string): Promise<string> {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ uid: `U-${username}`, username, name_zh: '成员', name_en: 'Member', type: 'master' })) fd.append(k, v);
  fd.append('password', 'quiet-harbour-2026');
  fd.append('password2', 'quiet-harbour-2026');
  const r = await fetch(`${server.url}/api/people/`, { method: 'POST', headers: { authorization: `Token ${admin}` }, body: fd });
  expect(r.status, await r.text()).toBe(200);
  return loginOverHttp(server.url, username, 'quiet-harbour-2026');
}

/** A multipart body with `fields` text fields, then a file of BIG bytes. */
function bigForm(fields = 0): FormData {
  const fd = new FormData();
  for (let i = 0; i < fields; i++) fd.append(`f${i}`, 'x');
  fd.append('portrait_url', new Blob([new Uint8Array(BIG)]), 'big.png');
  return fd;
}

type Case = { name: string; url: string; token: () => string | undefined; fields: number; status: number; detail: RegExp };
const cases: Case[] = [
  { name: 'an anonymous person creation', url: '/api/people/', token: () => undefined, fields: 0, status: 401, detail: /authentication required/i },
  { name: 'a member’s person creation', url: '/api/people/', token: () => member, fields: 0, status: 403, detail: /not allowed|permission/i },
  { name: 'a member’s seminar creation', url: '/api/seminar/', token: () => member, fields: 0, status: 403, detail: /not allowed|permission/i },
  { name: 'an article with 300 fields', url: '/api/article/', token: () => member, fields: 300, status: 413, detail: /too large/i },
];

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-linger-'));
  dataDir = path.join(scratch, 'data');
  fs.writeFileSync(bigFile(), Buffer.alloc(BIG));
  server = await startServerProcess(dataDir, { LAB_ADMIN_USERNAME: ADMIN.username, LAB_ADMIN_PASSWORD: ADMIN.password });
  const admin = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
  member = await createMember(admin, 'lingermember');
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.proc.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a refused request whose body is still arriving', () => {
  it.each(cases)('Node’s fetch reads the answer to $name', { timeout: 60_000 }, async ({ url, token, fields, status, detail }) => {
    // several times: whether the old close lost the answer depended on timing
    for (let i = 0; i < 3; i++) {
      const t = token();
      const r = await fetch(`${server.url}${url}`, { method: 'POST', headers: t ? { authorization: `Token ${t}` } : {}, body: bigForm(fields) });
      expect(r.status).toBe(status);
      expect(r.headers.get('connection')).toBe('close');
      expect(((await r.json()) as { detail: string }).detail).toMatch(detail);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it.each(cases)('curl reads the answer to $name', { timeout: 60_000 }, async ({ url, token, fields, status, detail }) => {
    const t = token();
    const args = ['-sS', '--max-time', '30', '-o', '-', '-w', '\n%{http_code}', ...(t ? ['-H', `Authorization: Token ${t}`] : [])];
    for (let i = 0; i < fields; i++) args.push('-F', `f${i}=x`);
    // with and without Expect: 100-continue (curl asks for it on large bodies; Node grants it at once)
    for (const expect100 of [[], ['-H', 'Expect:']]) {
      const out = spawnSync('curl', [...args, ...expect100, '-F', `portrait_url=@${bigFile()}`, `${server.url}${url}`], { encoding: 'utf8', timeout: 40_000 });
      expect(out.status, out.stderr).toBe(0);
      const lines = out.stdout.trim().split('\n');
      expect(Number(lines.at(-1))).toBe(status);
      expect((JSON.parse(lines.slice(0, -1).join('\n')) as { detail: string }).detail).toMatch(detail);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it.each(cases)('Chromium’s fetch reads the answer to $name', { timeout: 60_000 }, async ({ url, token, fields, status, detail }) => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/api/read_site/`);
      const answer = await page.evaluate(
        async ({ url, token, fields, size }) => {
          const fd = new FormData();
          for (let i = 0; i < fields; i++) fd.append(`f${i}`, 'x');
          fd.append('portrait_url', new Blob([new Uint8Array(size)]), 'big.png');
          try {
            const r = await fetch(url, { method: 'POST', headers: token ? { authorization: `Token ${token}` } : {}, body: fd });
            return { status: r.status, body: await r.text() };
          } catch (e) {
            return { status: 0, body: String(e) };
          }
        },
        { url, token: token() ?? null, fields, size: BIG },
      );
      expect(answer.status, answer.body).toBe(status);
      expect((JSON.parse(answer.body) as { detail: string }).detail).toMatch(detail);
    } finally {
      await page.close();
    }
    expect(tmpFiles()).toEqual([]);
  });

  it.each([
    ['a 48 MB JSON login', '/api/login/', () => ({ body: JSON.stringify({ username: 'x'.repeat(BIG) }), type: 'application/json' }), 413, /too large/],
    ['a multipart logout', '/api/logout/', () => ({ body: bigForm() }), 415, /no multipart/],
    ['a multipart body to an unknown API path', '/api/nonexistent', () => ({ body: bigForm() }), 415, /no multipart/],
  ] as const)('Node’s fetch reads the answer to %s', { timeout: 60_000 }, async (_what, url, make, status, detail) => {
    for (let i = 0; i < 3; i++) {
      const { body, type } = make() as { body: BodyInit; type?: string };
      const r = await fetch(`${server.url}${url}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
      expect(r.status).toBe(status);
      expect(((await r.json()) as { detail: string }).detail).toMatch(detail);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it('stops reading a refused body that keeps coming, within bounds of bytes and time', { timeout: 60_000 }, async () => {
    // 100 MB declared, sent slowly (1 MB/s would take 100 s): the answer comes at once, the socket goes within seconds
    const started = Date.now();
    const { status, closedAfter } = await new Promise<{ status: string; closedAfter: number }>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: server.port, allowHalfOpen: true });
      let got = '';
      const timer = setInterval(() => socket.writable && socket.write(Buffer.alloc(64 * 1024)), 62);
      socket.on('data', (d) => {
        got += d.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ status: got.split('\r\n')[0] ?? '', closedAfter: Date.now() - started });
      });
      socket.write(
        `POST /api/people/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
      );
    });
    expect(status).toBe('HTTP/1.1 401 Unauthorized');
    // LINGER_MS is 5 s; a generous bound for a busy machine, far below the 100 s the body would take
    expect(closedAfter).toBeLessThan(30_000);
    expect(tmpFiles()).toEqual([]);
  });
});
