import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startServerProcess } from '../helpers/process.ts';

// Clean shutdown of the real process: on SIGTERM the server takes no new request, finishes
// the one in flight, closes idle keep-alive connections at once and exits well within 10 s.

const ADMIN = { username: 'stopadmin', password: 'stop-admin-password' };

function request(
  port: number,
  agent: http.Agent,
  opts: http.RequestOptions,
  body?: (req: http.ClientRequest) => Promise<void>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent, ...opts }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body) body(req).then(() => req.end(), reject);
    else req.end();
  });
}

describe('stopping the server', () => {
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-stop-'));
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, drops idle keep-alive connections and exits within 10 s of SIGTERM', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const started = await startServerProcess(dataDir, { LAB_ADMIN_USERNAME: ADMIN.username, LAB_ADMIN_PASSWORD: ADMIN.password });
    child = started.proc;
    const { port, exited } = started;
    // idle keep-alive connections, as a browser or a proxy leaves them
    await Promise.all(Array.from({ length: 8 }, () => request(port, agent, { path: '/api/read_site/' })));
    const token = await loginOverHttp(started.url, ADMIN.username, ADMIN.password);

    // a write in flight: its body arrives in pieces over about a second, SIGTERM comes in the middle
    const boundary = '----labstop';
    const slowAgent = new http.Agent({ keepAlive: false });
    let stoppedAt = 0;
    const inFlight = request(
      port,
      slowAgent,
      { method: 'POST', path: '/api/news/', headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      async (req) => {
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="abstract"\r\n\r\nWritten while stopping\r\n`);
        await new Promise((r) => setTimeout(r, 300));
        child?.kill('SIGTERM');
        stoppedAt = Date.now();
        await new Promise((r) => setTimeout(r, 700));
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="release"\r\n\r\ntrue\r\n--${boundary}--\r\n`);
      },
    );
    const done = await inFlight;
    expect(done.status, done.text).toBe(200);
    const { code } = await exited;
    const took = Date.now() - stoppedAt;
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    // nothing listens any more
    await expect(fetch(`http://127.0.0.1:${port}/api/read_site/`)).rejects.toThrow();
    agent.destroy();
  }, 60_000);

  it('exits after 10 s even when a client never finishes its request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-stop-'));
    const agent = new http.Agent({ keepAlive: false });
    const { proc, port, exited } = await startServerProcess(dir, { LAB_ADMIN_USERNAME: '' });
    try {
      // a body announced and never sent: the request stays in flight
      const stuck = http.request({
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: '/api/csrf/',
        headers: { 'content-length': '1000', 'content-type': 'text/plain' },
      });
      stuck.on('error', () => {});
      stuck.write('x');
      await new Promise((r) => setTimeout(r, 200));
      const stoppedAt = Date.now();
      proc.kill('SIGTERM');
      const { code } = await exited;
      const took = Date.now() - stoppedAt;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(9_000);
      expect(took).toBeLessThan(12_000);
      stuck.destroy();
    } finally {
      proc.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
