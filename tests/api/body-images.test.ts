import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageData } from '../../server/pages/page-data.ts';
import { createdId } from '../fixtures/world.ts';
import { png } from '../fixtures/images.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// An image an editor inserts into an article's body (one of the member's "My images", /resource/image/…) is
// shown on the public page as covers are: with its width and height, in resized AVIF and WebP copies
// (a <picture>), lazily after the body's first image, decoded asynchronously. An image from elsewhere keeps
// its address, and the sanitizer still keeps what runs out of the body. An image stored before sizes were kept
// gets its size from its file.

const pageRequest = (url: string) =>
  ({ url, method: 'GET', headers: { 'accept-language': 'en' }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('images in a body on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const upload = async (w: number, h: number) => {
    expect((await admin.send('POST', '/api/image/', { 'files[0]': { file: await png(w, h), name: 'figure.png' } })).statusCode).toBe(200);
    const [latest] = (await admin.get('/api/image/?username=admin')).json() as { url: string }[];
    return latest?.url as string;
  };
  const articleHtml = async (markdown: string) => {
    const r = await admin.send('POST', '/api/article/', { title: 'Figures', abstract: 'x', markdown, release: '1' });
    expect(r.statusCode, r.body).toBe(200);
    const page = await createPageData(t.app.lab, pageRequest(`/news/${createdId(r)}`), new Set()).article(String(createdId(r)));
    return page?.html ?? '';
  };

  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it('sizes an uploaded PNG, offers it in AVIF and WebP, lazily after the first; leaves an outside image alone', async () => {
    const wide = await upload(900, 300);
    const small = await upload(400, 200);
    expect(wide).toMatch(/^\/resource\/image\/[a-f0-9]{32}\.png$/);
    const html = await articleHtml(
      `![A wide figure](${wide})\n\n![A small one](${small})\n\n![Elsewhere](https://example.org/a.png)\n\n<img src="x" onerror="alert(1)">\n\n[x](javascript:alert(1))`,
    );
    const imgs = html.match(/<img [^>]*>/g) ?? [];
    expect(imgs).toHaveLength(3);
    // the first: sized, not lazy (it may be what the page paints first), decoded off the main thread
    expect(imgs[0]).toContain(`src="${wide}"`);
    expect(imgs[0]).toContain('width="900"');
    expect(imgs[0]).toContain('height="300"');
    expect(imgs[0]).not.toContain('loading=');
    expect(imgs[0]).toContain('decoding="async"');
    expect(imgs[1]).toContain('width="400"');
    expect(imgs[1]).toContain('loading="lazy"');
    // its resized copies: AVIF first, then WebP, up to its own width
    const picture = html.slice(html.indexOf('<picture>'), html.indexOf('</picture>'));
    expect(picture).toContain(`<source type="image/avif" srcset="${wide}?w=160&amp;f=avif 160w,`);
    expect(picture).toContain(`${wide}?w=1200&amp;f=avif 900w"`);
    expect(picture).toContain(`<source type="image/webp" srcset="${wide}?w=160 160w,`);
    expect(picture.indexOf('image/avif')).toBeLessThan(picture.indexOf('image/webp'));
    expect(html.match(/<picture>/g)).toHaveLength(2);
    // an outside image: its address as written, no copies, no size; lazy all the same
    expect(imgs[2]).toBe('<img src="https://example.org/a.png" alt="Elsewhere" loading="lazy" decoding="async">');
    // and nothing of the body runs
    expect(html).not.toMatch(/onerror|javascript:/);
  });

  it('sizes the image an editor put into a news item on the home page, the archive and its own page; the read keeps it as written', async () => {
    const url = await upload(700, 350);
    const content = `<p>Our poster.</p><img alt="Poster" src="${url}">`;
    const r = await admin.send('POST', '/api/news/', { abstract: 'Poster', content_en: content, content_zh: content, date: '2026-12-01', release: 'true' });
    expect(r.statusCode, r.body).toBe(200);
    const nid = createdId(r);
    const data = createPageData(t.app.lab, pageRequest('/'), new Set());
    const [home] = await data.news(6);
    const archive = (await data.newsPage())?.items.find((n) => n.nid === nid);
    const own = (await data.newsItem(String(nid)))?.item;
    for (const item of [home, archive, own]) {
      expect(item?.content_en).toContain('width="700" height="350"');
      expect(item?.content_en).toContain(`<source type="image/webp" srcset="${url}?w=160 160w,`);
      expect(item?.content_zh).toContain('<picture>');
    }
    // in a list below the fold every image waits for the reader; on the item's own page the first does not
    expect(home?.content_en).toContain('loading="lazy"');
    expect(archive?.content_en).toContain('loading="lazy"');
    expect(own?.content_en).not.toContain('loading=');
    const read = (await admin.get('/api/read_news/')).json() as { nid: number; content_en: string }[];
    const written = read.find((n) => n.nid === nid)?.content_en;
    expect(written).toContain(`src="${url}"`);
    expect(written).not.toMatch(/<picture|width=|loading=/);
  });

  it('serves the copies the page offers: AVIF and WebP, at most the original’s width; another encoding is none', async () => {
    const url = await upload(500, 250);
    const avif = await admin.get(`${url}?w=320&f=avif`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.rawPayload.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    const webp = await admin.get(`${url}?w=640`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await admin.get(`${url}?w=320&f=gif`)).statusCode).toBe(404);
  });

  it('reads the size of an image stored before sizes were kept from its file, and keeps it', async () => {
    const url = await upload(640, 480);
    const key = url.split('/').pop() as string;
    await t.app.lab.db.updateTable('image').set({ width: null, height: null }).where('storage_key', '=', key).execute();
    const html = await articleHtml(`![Old](${url})`);
    expect(html).toContain('width="640" height="480"');
    const row = await t.app.lab.db.selectFrom('image').select(['width', 'height']).where('storage_key', '=', key).executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 640, height: 480 });
  });
});
