import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startServerProcess } from '../helpers/process.ts';
import { ensureBuild } from './server.ts';

// Conditional GETs against the real process in production, asked with curl as a browser's revalidation is
// (docs/decisions/080): the reader who holds a version gets 304 with an empty body, a page and a read alike,
// in any coding, a cache hit or not; a changed record answers 200 with a new tag.

const ADMIN = { username: 'condadmin', password: 'cond-admin-password' };

/** curl's answer: status, headers (lower-case names) and the body's length. */
function curl(url: string, headers: Record<string, string> = {}) {
  const args = ['-s', '-o', '/dev/null', '-D', '-', '-w', '%{size_download}'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const run = spawnSync('curl', [...args, url], { encoding: 'utf8', timeout: 30_000 });
  if (run.status !== 0) throw new Error(`curl failed: ${run.stderr}`);
  const lines = run.stdout.split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const head: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) head[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status, headers: head, size: Number(lines.at(-1)) };
}

describe('conditional GETs over HTTP, the real server', () => {
  let child: ChildProcess | undefined;
  let base = '';
  let token = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-conditional-'));

  beforeAll(async () => {
    await ensureBuild();
    const started = await startServerProcess(dataDir, { LAB_API_ONLY: '0', LAB_ADMIN_USERNAME: ADMIN.username, LAB_ADMIN_PASSWORD: ADMIN.password });
    child = started.proc;
    base = started.url;
    token = await loginOverHttp(base, ADMIN.username, ADMIN.password);
  }, 240_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const publish = async (title: string, pid?: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title, author: '["A"]', source: 'ACL', year: '2024' })) form.append(k, v);
    const res = await fetch(`${base}/api/publication/${pid === undefined ? '' : `?pid=${pid}`}`, {
      method: pid === undefined ? 'POST' : 'PUT',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(res.status, await res.text()).toBeLessThan(300);
  };

  it('answers 304 with an empty body to If-None-Match, and 200 with a new tag once a record changed', async () => {
    await publish('First title');
    const pid = ((await (await fetch(`${base}/api/read_publication/`)).json()) as { pid: number }[])[0]?.pid as number;
    for (const url of [`${base}/api/read_publication/`, `${base}/publication`, `${base}/`]) {
      // the first answer renders (a miss), the second comes from the cache (a hit): both revalidate
      const first = curl(url, { 'accept-encoding': 'gzip' });
      expect(first.status, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"/);
      expect(first.headers['last-modified'], url).toBeTruthy();
      for (const encoding of ['gzip', 'gzip, deflate, br', 'identity']) {
        const held = curl(url, { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(held.status, `${url} ${encoding}`).toBe(304);
        expect(held.size, url).toBe(0);
        expect(held.headers.etag, url).toBe(etag);
      }
      expect(curl(url, { 'if-modified-since': first.headers['last-modified'] as string }).status, url).toBe(304);
    }
    const before = curl(`${base}/api/read_publication/`, { 'accept-encoding': 'gzip' });
    await publish('A changed title', pid);
    const after = curl(`${base}/api/read_publication/`, { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag as string });
    expect(after.status).toBe(200);
    expect(after.size).toBeGreaterThan(0);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const page = curl(`${base}/publication`, { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag as string });
    expect(page.status).toBe(200);
  });

  it('compresses the route manifest the browser asks for as it moves between pages', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const version = /"version":\s*"([a-z0-9]+)"/.exec(html)?.[1] ?? '';
    expect(version).not.toBe('');
    const manifest = curl(`${base}/__manifest?paths=${encodeURIComponent('/,/news,/people,/publication')}&version=${version}`, { 'accept-encoding': 'gzip' });
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-encoding']).toBe('gzip');
  });
});
