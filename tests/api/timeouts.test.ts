import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { makeApp, type TestApp } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';

// How long a client may take to send a request (server/http/timeouts.ts). Before, nothing bounded it: bodies trickled
// in a byte at a time held their sockets as long as the client liked. Here the bounds are a second for the headers and
// an ordinary body and four for an upload, against the real server on a loopback port. The bounds are about HTTP, the
// same on either database: SQLite.

/** A raw connection: what was written to it is sent as is; `answer` is all it received, once the server closed it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    received += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<{ text: string; afterMs: number }>((resolve) =>
    socket.once('close', () => resolve({ text: received, afterMs: Date.now() - started })),
  );
  return { socket, closed, received: () => received, started };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('bounds on how long a request takes to arrive', () => {
  let t: TestApp;
  let port = 0;
  let token = '';
  beforeAll(async () => {
    t = await makeApp('sqlite', { HEADERS_TIMEOUT_S: '1', BODY_TIMEOUT_S: '1', UPLOAD_TIMEOUT_S: '4' });
    token = (await loginAs(t.app, 'admin', 'admin-password')).token as string;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an ordinary body trickled past its bound is answered 408 in the reader’s language, and its socket closed', async () => {
    const c = rawConnection(port);
    c.socket.write(
      `PUT /api/site/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${token}\r\nAccept-Language: zh\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"`,
    );
    // a byte every 200 ms: never idle, never done
    const drip = setInterval(() => c.socket.writable && c.socket.write('a'), 200);
    try {
      const { text, afterMs } = await c.closed;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('connection: close');
      expect(text).toContain(JSON.stringify({ detail: detailText('zh', 'request_timeout') }));
      // the bound (1 s), then at most the lingering close of a refused body (5 s)
      expect(afterMs).toBeGreaterThanOrEqual(900);
      expect(afterMs).toBeLessThan(9000);
    } finally {
      clearInterval(drip);
    }
    // nothing was stored
    const site = await t.app.inject({ method: 'GET', url: '/api/site/' });
    expect(site.body).not.toContain('"email":"a');
  });

  it('headers never finished are answered 408 and closed', async () => {
    const c = rawConnection(port);
    c.socket.write('GET /api/read_site/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => c.socket.writable && c.socket.write('a'), 200);
    try {
      const { text, afterMs } = await c.closed;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      // the reader's language is in the headers that never came: both languages
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
        detail: `${detailText('zh', 'request_incomplete')} / ${detailText('en', 'request_incomplete')}`,
      });
      expect(afterMs).toBeLessThan(5000);
    } finally {
      clearInterval(drip);
    }
  });

  it('a request that is no HTTP, or whose headers are too large, is answered in both languages and closed', async () => {
    const junk = rawConnection(port);
    junk.socket.write('NOT HTTP AT ALL\r\n\r\n');
    const refused = await junk.closed;
    expect(refused.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(refused.text).toContain(`${detailText('zh', 'request_malformed')} / ${detailText('en', 'request_malformed')}`);
    const big = rawConnection(port);
    big.socket.write(`GET /api/read_site/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const tooLarge = await big.closed;
    expect(tooLarge.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLarge.text).toContain(messages.request_headers_too_large.zh);
  });

  it('an upload has the longer bound: sent in 2 s it is stored; stalled, it is closed after its own bound', async () => {
    const boundary = 'lab-timeout-boundary';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = `POST /api/image/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;

    const slow = rawConnection(port);
    slow.socket.write(head);
    // ten pieces over about two seconds: past the ordinary bound, within the upload's
    const step = Math.ceil(body.length / 10);
    for (let i = 0; i < body.length; i += step) {
      slow.socket.write(body.subarray(i, i + step));
      await sleep(200);
    }
    const done = await slow.closed;
    expect(done.text, done.text).toMatch(/^HTTP\/1\.1 200 /);

    const stalled = rawConnection(port);
    stalled.socket.write(head);
    stalled.socket.write(body.subarray(0, 20));
    const cut = await stalled.closed;
    expect(cut.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(cut.text).toContain(detailText('en', 'request_incomplete'));
    expect(cut.afterMs).toBeGreaterThanOrEqual(3900);
    expect(cut.afterMs).toBeLessThan(9000);
  });

  it('an idle connection kept alive between requests is not a slow request', async () => {
    const c = rawConnection(port);
    const ask = `GET /api/read_site/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    c.socket.write(ask);
    await expect.poll(() => c.received().match(/HTTP\/1\.1 200 /g)?.length ?? 0).toBe(1);
    // idle for longer than the header and body bounds
    await sleep(1600);
    c.socket.write(ask);
    await expect.poll(() => c.received().match(/HTTP\/1\.1 200 /g)?.length ?? 0).toBe(2);
    c.socket.end();
  });
});
