import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableName } from '../../server/db/schema.ts';
import { dialects } from '../helpers/app.ts';
import { Client, sendRaw } from '../helpers/client.ts';
import { fieldErrors, makeWorld, type World } from '../fixtures/world.ts';

// Bad text on both databases alike: a NUL character is refused at the edge with a 400
// naming the field, in any body, query or path, and nothing is stored; invalid UTF-8 is stored as the
// replacement character on both. Before, PostgreSQL answered 500 where SQLite stored the NUL.

describe.each(dialects)('hostile text on %s', (dialect) => {
  let w: World;
  const anon = () => new Client(w.app);
  const count = async (table: TableName) =>
    Number(
      (
        await w.app.lab.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  it('refuses a NUL in a multipart field, naming it, and stores nothing', async () => {
    const before = await count('article');
    const res = await w.user.send('POST', '/api/article/', { title: 'Bad\u0000title', abstract: 'x' });
    expect(fieldErrors(res)).toEqual({ title: ['contains a character that is not allowed (NUL)'] });
    expect(await count('article')).toBe(before);
    w.user.lang = 'zh';
    const zh = await w.user.send('POST', '/api/article/', { title: 'x', abstract: 'a\u0000b' });
    w.user.lang = 'en';
    expect(fieldErrors(zh).abstract?.[0]).toContain('空字符');
  });

  it('refuses a NUL in a JSON body, nested or in a key', async () => {
    const site = await w.admin.json('PUT', '/api/site/', { email: 'lab\u0000@example.org' });
    expect(fieldErrors(site)).toHaveProperty('email');
    const key = await w.admin.json('PUT', '/api/site/', { 'em\u0000ail': 'x' });
    expect(key.statusCode).toBe(400);
    const before = await count('info_page');
    const list = await w.admin.json('PUT', '/api/info/', [{ iid: -1, aspect: 'ok', markdown: 'bad \u0000' }]);
    expect(list.statusCode).toBe(400);
    expect(await count('info_page')).toBe(before);
  });

  it('refuses a NUL in a login name or password with a 400, not a 500', async () => {
    const c = anon();
    const csrf = await c.app.inject({ method: 'GET', url: '/api/csrf/' });
    const cookie = csrf.cookies.find((k) => k.name === 'csrftoken')?.value as string;
    for (const body of [
      { username: 'ad\u0000min', password: 'x' },
      { username: 'admin', password: 'a\u0000' },
    ]) {
      const res = await c.app.inject({
        method: 'POST',
        url: '/api/login/',
        headers: { 'content-type': 'application/json', cookie: `csrftoken=${cookie}`, 'x-csrftoken': cookie },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses a NUL in a query or a path', async () => {
    for (const url of [
      '/api/read_people/?username=%00',
      '/api/read_article/?slug=a%00b',
      '/api/read_page/?section=course&slug=%00',
      '/resource/public/publication/1/a%00.pdf',
      '/api/people/?pid=1%00',
    ]) {
      // a member route still answers a stranger 401 first; a member gets the 400
      const res = await (url.startsWith('/api/people/') ? w.admin : anon()).get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.parse(res.body).detail, url).toBe('Contains a character that is not allowed (NUL)');
    }
  });

  it('answers invalid UTF-8 in a query or path below 500', async () => {
    for (const url of [
      '/api/read_people/?username=%ff%fe',
      '/api/read_article/?slug=%c3',
      '/api/read_page/?section=course&slug=%ff',
      '/resource/public/publication/1/%ff.pdf',
      '/api/read_people/%ff',
    ]) {
      const res = await anon().get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('refuses a NUL in a header on a real socket with a 400', async () => {
    await w.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = w.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/read_site/ HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => {
        data += String(d);
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(data);
      }, 3000);
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 400/);
  });

  it('stores invalid UTF-8 in a multipart field as the replacement character, on both databases', async () => {
    const res = await sendRaw(w.user, 'POST', '/api/article/', [
      { name: 'title', value: 'placeholder' },
      { name: 'abstract', value: 'x' },
    ]);
    expect(res.statusCode).toBe(200);
    const aid = Number(res.headers['x-resource-id']);
    const raw = Buffer.concat([Buffer.from('caf'), Buffer.from([0xc3]), Buffer.from(' ok '), Buffer.from([0xff, 0xfe])]);
    const boundary = '----labhostile';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
      raw,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const put = await w.app.inject({
      method: 'PUT',
      url: `/api/article/?aid=${aid}`,
      headers: w.user.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const stored = (await w.user.get(`/api/article/?aid=${aid}`)).json() as { title: string };
    expect(stored.title).toBe('caf\uFFFD ok \uFFFD\uFFFD');
  });

  it('keeps a NUL out of an uploaded file name too', async () => {
    const res = await sendRaw(w.user, 'POST', '/api/publication/', [
      { name: 'title', value: 'Paper with a file' },
      { name: 'author', value: '["A"]' },
      { name: 'source', value: 'ACL' },
      { name: 'file1', filename: 'pa\u0000per.pdf', data: Buffer.from('%PDF-1.4 x'), type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode === 200) {
      const pid = Number(res.headers['x-resource-id']);
      const row = (await w.user.get(`/api/publication/?pid=${pid}`)).json() as { file1: string };
      expect(row.file1).not.toContain('\u0000');
    }
  });
});
