import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, ensureBuild, type Site, startSite } from './server.ts';

// The built pages over real HTTP, without a browser: the page cache and its invalidation, SEO tags,
// feeds, asset caching and image variants.

describe('server-rendered pages over HTTP', () => {
  let site: Site;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    await ensureBuild();
    site = await startSite();
  }, 240_000);
  afterAll(() => site?.close());

  it('serves a page once rendered, then from the cache, and renders again after a write it shows', async () => {
    const first = await get('/?cachetest=1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const second = await get('/?cachetest=1');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(await first.text());

    const admin = await loginAs(site.app, ADMIN.username, ADMIN.password);
    const marker = `Cache invalidation marker ${Date.now()}`;
    const created = await admin.send('POST', '/api/news/', {
      abstract: marker,
      content_en: `<p>${marker}</p>`,
      content_zh: `<p>${marker}</p>`,
      release: 'true',
      date: '2099-01-01',
    });
    expect(created.statusCode).toBe(200);
    const third = await get('/?cachetest=1');
    expect(third.headers.get('x-cache')).toBe('miss');
    expect(await third.text()).toContain(marker);
  });

  it('keeps the languages apart in the cache', async () => {
    const en = await (await get('/people', { 'accept-language': 'en' })).text();
    const zh = await (await get('/people', { 'accept-language': 'zh-CN' })).text();
    expect(en).toContain('<html lang="en"');
    expect(zh).toContain('<html lang="zh-CN"');
    expect(zh).toContain('在组成员');
    expect(await (await get('/people?lang=zh')).text()).toContain('在组成员');
  });

  it('answers compressed pages to clients that accept it', async () => {
    const res = await fetch(`${site.url}/publication`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('</html>');
  });

  it('gives each page its title, description, canonical URL, hreflang alternates and Open Graph tags', async () => {
    const html = await (await get('/publication')).text();
    expect(html).toMatch(/<title>Publications<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${site.url}/publication"/>`);
    expect(html).toContain(`hrefLang="zh" href="${site.url}/publication?lang=zh"`);
    expect(html).toContain(`hrefLang="en" href="${site.url}/publication?lang=en"`);
    expect(html).toMatch(/<meta property="og:title" content="Publications"/);
  });

  it('answers 404 pages with status 404 in both languages', async () => {
    const en = await get('/no-such-page');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Page not found');
    const zh = await get('/no-such-page', { 'accept-language': 'zh' });
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('页面不存在');
  });

  it('lists the public pages in sitemap.xml and robots.txt', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /console');
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const p of ['/', '/news', '/people', '/curriculum', '/curriculum/Intro-to-AI', '/sharedtask', '/publication', '/DISCOpen']) {
      expect(sitemap, p).toContain(`<loc>${site.url}${p}</loc>`);
    }
    const articles = (await (await get('/api/read_article/')).json()) as { aid: number }[];
    expect(sitemap).toContain(`<loc>${site.url}/news/${articles[0]?.aid}</loc>`);
  });

  it('publishes news as RSS and seminars as iCalendar', async () => {
    const rss = await get('/feed/news.xml');
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await rss.text();
    const articles = (await (await get('/api/read_article/')).json()) as { title: string }[];
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(articles[0]?.title.replace(/&/g, '&amp;') as string);
    const ics = await (await get('/feed/seminars.ics')).text();
    const seminars = (await (await get('/api/read_seminar/')).json()) as unknown[];
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(seminars.length);
    expect(ics).toMatch(/DTSTART;TZID=Asia\/Shanghai:\d{8}T\d{6}/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('serves hashed assets as immutable and images as resized WebP', async () => {
    const html = await (await get('/')).text();
    const asset = /\/assets\/[A-Za-z0-9._-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await get(asset as string);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const img = /\/resource\/media\/[a-f0-9]{32}\.png\?w=(\d+)/.exec(html);
    expect(img).not.toBeNull();
    const variant = await get((img as RegExpExecArray)[0]);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await get(`${(img as RegExpExecArray)[0].split('?')[0]}?w=123`)).status).toBe(404);
  });
});
