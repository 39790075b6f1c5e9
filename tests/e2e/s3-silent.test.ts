import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { form } from '../helpers/client.ts';
import { loginOverHttp, type ServerProcess, spawnServer, startServerProcess } from '../helpers/process.ts';
import { s3Bucket, silenceableS3 } from '../helpers/s3.ts';

// A bucket that takes connections and never answers (a TCP server on a loopback port, in front of the test
// S3 server: tests/helpers/s3.ts) holds the real server process for S3_TIMEOUT_MS at most: the start fails
// with one line saying why and exits 1; a stored file asked meanwhile answers 503 in the reader's language, an
// upload too (nothing saved);
// a stop waits for a silent request no longer. Before, the start hung for minutes without a word, a download
// never answered and the stop ran into its own 10 s limit.

const TIMEOUT_MS = 1_500;
/** What a busy machine adds to the bound: a Node.js start on two shared cores, a request, an exit. */
const SLACK_MS = 4_000;
const ADMIN = { username: 's3admin', password: 's3-admin-password' };

describe('a bucket that never answers', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-s3-silent-'));
  const relays: { close: () => Promise<void> }[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await Promise.all(relays.map((r) => r.close()));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('stops the start within S3_TIMEOUT_MS, with one line naming the bucket and the bound, and exit code 1', async () => {
    const relay = await silenceableS3();
    relays.push(relay);
    relay.hang();
    const s3 = await s3Bucket();
    const started = Date.now();
    const child = spawnServer(path.join(scratch, 'start'), { ...s3, S3_ENDPOINT: relay.endpoint, S3_TIMEOUT_MS: String(TIMEOUT_MS) });
    child.proc.stdout?.resume();
    const kill = setTimeout(() => child.proc.kill('SIGKILL'), 60_000);
    const { code } = await child.exited;
    clearTimeout(kill);
    const took = Date.now() - started;
    expect(code, child.stderr()).toBe(1);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    const lines = child.stderr().trim().split('\n');
    // Node's own warnings (an experimental feature) may come first; the site's word is one line, without a stack
    const said = lines.filter((l) => l.startsWith('the site did not start'));
    expect(said, child.stderr()).toHaveLength(1);
    expect(said[0]).toContain(`S3 bucket ${s3.S3_BUCKET} at ${relay.endpoint}: reaching the bucket failed`);
    expect(said[0]).toContain(`no answer within ${TIMEOUT_MS} ms (S3_TIMEOUT_MS)`);
    expect(child.stderr()).not.toMatch(/^\s+at /m);
    expect(child.stderr()).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  }, 90_000);

  it('answers a stored file 503 within S3_TIMEOUT_MS in both languages, and a stop waits for it no longer', async () => {
    const relay = await silenceableS3();
    relays.push(relay);
    const s3 = await s3Bucket();
    server = await startServerProcess(path.join(scratch, 'serve'), {
      ...s3,
      S3_ENDPOINT: relay.endpoint,
      S3_TIMEOUT_MS: String(TIMEOUT_MS),
      LAB_ADMIN_USERNAME: ADMIN.username,
      LAB_ADMIN_PASSWORD: ADMIN.password,
    });
    const { url } = server;
    // the file goes into the bucket while it answers
    const token = await loginOverHttp(url, ADMIN.username, ADMIN.password);
    const bytes = Buffer.from('%PDF-1.4 kept in the bucket');
    const created = await fetch(`${url}/api/publication/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'accept-language': 'en' },
      body: form({ title: 'Kept in a bucket', author: '["A"]', source: 'ACL', file1: { file: bytes, name: 'kept.pdf', type: 'application/pdf' } }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const pid = created.headers.get('x-resource-id');
    const read = await fetch(`${url}/api/publication/?pid=${pid}`, { headers: { authorization: `Token ${token}` } });
    const file = ((await read.json()) as { file1_url: string }).file1_url;
    expect(file).toMatch(/^\/resource\//);
    const served = await fetch(url + file);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    relay.hang();
    for (const [lang, words] of [
      ['en', 'The file storage cannot be reached right now; try again later'],
      ['zh', '文件存储暂时无法访问，请稍后再试'],
    ] as const) {
      const asked = Date.now();
      const res = await fetch(url + file, { headers: { 'accept-language': lang }, signal: AbortSignal.timeout(TIMEOUT_MS + SLACK_MS) });
      expect(Date.now() - asked).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ detail: words });
    }

    // an upload: refused the same way, and nothing saved
    const refused = await fetch(`${url}/api/publication/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'accept-language': 'en' },
      body: form({ title: 'Never kept', author: '["A"]', source: 'ACL', file1: { file: bytes, name: 'never.pdf', type: 'application/pdf' } }),
      signal: AbortSignal.timeout(2 * TIMEOUT_MS + SLACK_MS),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ detail: 'The file storage cannot be reached right now; try again later' });
    const titles = ((await (await fetch(`${url}/api/publication/`, { headers: { authorization: `Token ${token}` } })).json()) as { title: string }[]).map(
      (p) => p.title,
    );
    expect(titles).toEqual(['Kept in a bucket']);

    // a download waiting on the silent bucket when the stop comes: answered within the bound, and the stop with it
    const waiting = fetch(url + file, { signal: AbortSignal.timeout(20_000) });
    await new Promise((r) => setTimeout(r, 200));
    const stoppedAt = Date.now();
    server.proc.kill('SIGTERM');
    expect((await waiting).status).toBe(503);
    const { code } = await server.exited;
    expect(Date.now() - stoppedAt).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    // a clean stop, not the forced exit after 10 s
    expect(code).toBe(0);
  }, 90_000);
});
