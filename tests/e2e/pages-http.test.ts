import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { siteSettings } from '../../cli/demo/site-content.ts';
import { ADMIN, ensureBuild, type Site, startSite } from './server.ts';

// The built pages over real HTTP, without a browser: the page cache and its invalidation, SEO tags,
// feeds, asset caching and image variants.

const METRICS_TOKEN = 'a-metrics-token-for-the-pages-test';

describe('server-rendered pages over HTTP', () => {
  let site: Site;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });

  beforeAll(async () => {
    await ensureBuild();
    site = await startSite({ METRICS_TOKEN });
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

  it('starts every page with one doctype, so browsers render in standards mode', async () => {
    for (const path of ['/', '/publication', '/people', '/news', '/no-such-page']) {
      const html = await (await get(path)).text();
      expect(html.startsWith('<!DOCTYPE html><html'), path).toBe(true);
      expect(html.match(/<!DOCTYPE/gi)?.length, path).toBe(1);
    }
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
    expect(html).toMatch(/<title>Publications · Data Intelligence and Social Computing Lab<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${site.url}/publication"/>`);
    expect(html).toContain(`hrefLang="zh" href="${site.url}/publication?lang=zh"`);
    expect(html).toContain(`hrefLang="en" href="${site.url}/publication?lang=en"`);
    expect(html).toMatch(/<meta property="og:title" content="Publications · Data Intelligence and Social Computing Lab"/);
  });

  it("names the lab in every public page's title, and gives each an image to share that loads and a Twitter card", async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    // one page of each kind: a list, its later pages, a record's page (/news/12 and /news/7 are alike)
    const kinds = new Map<string, string>();
    for (const m of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const url = new URL((m[1] as string).replaceAll('&amp;', '&'));
      const kind = `${url.pathname.replace(/^(\/[^/]+\/).+$/, '$1*')}${url.search.replace(/\d+/g, 'N')}`;
      if (!kinds.has(kind)) kinds.set(kind, `${url.pathname}${url.search}`);
    }
    const pages = [...kinds.values()];
    // every kind of list page, and the search page, which the sitemap leaves out
    for (const p of ['/news', '/news-archive', '/people', '/publication', '/curriculum', '/sharedtask', '/DISCOpen']) expect(pages).toContain(p);
    pages.push('/search?q=graph');
    const images = new Set<string>();
    for (const lang of ['zh', 'en'] as const) {
      const lab = lang === 'zh' ? siteSettings.lab_name_zh : siteSettings.lab_name_en;
      for (const page of pages) {
        const html = await (await get(`${page}${page.includes('?') ? '&' : '?'}lang=${lang}`)).text();
        const where = `${page} (${lang})`;
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
        // "<page> · <lab>"; the lab's name alone on the home page; a member's page as SPEC §2 has it
        const named =
          page === '/'
            ? title === lab
            : page.startsWith('/people/')
              ? title.startsWith(`${lab} - `)
              : title.endsWith(` · ${lab}`) && title.length > lab.length + 3;
        expect(named, `${where}: ${title}`).toBe(true);
        const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
        expect(image, where).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        images.add((image as string).replaceAll('&amp;', '&'));
        expect(/<meta name="twitter:card" content="(summary|summary_large_image)"/.test(html), where).toBe(true);
      }
    }
    for (const image of images) {
      const res = await fetch(image);
      expect(res.status, image).toBe(200);
      expect(res.headers.get('content-type'), image).toMatch(/^image\//);
    }
  });

  it("describes a publication by its venue without naming the year twice, and links every title of the list to the paper's page", async () => {
    const admin = await loginAs(site.app, ADMIN.username, ADMIN.password);
    const created = await admin.send('POST', '/api/publication/', {
      title: 'A Venue That Names Its Year',
      author: JSON.stringify(['Ada Lovelace']),
      source: 'ACL 2026',
      year: '2026',
    });
    expect(created.statusCode, created.body).toBe(200);
    const pid = Number(created.headers['x-resource-id']);
    const html = await (await get(`/publication/${pid}`)).text();
    expect(html).toContain('<meta name="description" content="Ada Lovelace · ACL 2026"/>');
    const feed = await (await get('/feed/publications.xml')).text();
    expect(feed).toContain('<description>Ada Lovelace · ACL 2026</description>');
    expect(feed).not.toMatch(/\b(\d{4}) \1\b/);

    // every title links to the paper's own page; the official link (link1) stays, apart from the title
    const list = await (await get('/publication')).text();
    const entries = [...list.matchAll(/<li><p class="title">(.*?)<\/li>/g)].map((m) => m[1] as string);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) expect(entry, entry.slice(0, 200)).toMatch(/^<a href="\/publication\/\d+">/);
    expect(list).toContain(`<a href="/publication/${pid}">A Venue That Names Its Year</a>`);
    const publications = (await (await get('/api/read_publication/')).json()) as { pid: number; link1: string }[];
    const official = publications.find((p) => p.link1);
    expect(official).toBeDefined();
    const entry = entries.find((e) => e.startsWith(`<a href="/publication/${official?.pid}">`)) ?? '';
    expect(entry).toContain(`href="${(official?.link1 ?? '').replaceAll('&', '&amp;')}"`);
  });

  it('answers 404 pages with status 404 in both languages', async () => {
    const en = await get('/no-such-page');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Page not found');
    const zh = await get('/no-such-page', { 'accept-language': 'zh' });
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('页面不存在');
  });

  it('answers /metrics without its token as it answers a path the site does not have', async () => {
    const metrics = await get('/metrics', { authorization: 'Bearer not-the-token' });
    const none = await get('/metricz');
    expect(metrics.status).toBe(404);
    expect(metrics.headers.get('content-type')).toBe(none.headers.get('content-type'));
    expect(await metrics.text()).toContain('Page not found');
    const scraped = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('lab_http_requests_total');
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
  it('gives each publication a page of its own that Google Scholar can index, listed in the sitemap and linked from the list', async () => {
    const admin = await loginAs(site.app, ADMIN.username, ADMIN.password);
    const created = await admin.send('POST', '/api/publication/', {
      title: 'Scholar & <Meta> Test Paper',
      author: JSON.stringify(['Ada Lovelace', '李四']),
      source: 'Journal of Testing',
      venue_kind: 'journal',
      year: '2024',
      month: '3',
      doi: '10.5555/scholar.test.1',
      abstract: 'An abstract that says what the paper found.',
      keywords: JSON.stringify(['testing', '元数据']),
      link1: 'https://example.org/scholar-test',
    });
    expect(created.statusCode, created.body).toBe(200);
    const pid = Number(created.headers['x-resource-id']);
    const res = await get(`/publication/${pid}?lang=zh`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const meta = (name: string) => [...html.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)"`, 'g'))].map((m) => m[1]);
    // Scholar's tags, escaped, one author each
    expect(meta('citation_title')).toEqual(['Scholar &amp; &lt;Meta&gt; Test Paper']);
    expect(meta('citation_author')).toEqual(['Ada Lovelace', '李四']);
    // a full date or the year alone (Scholar's inclusion guidelines); a record knows its month, not its day
    expect(meta('citation_publication_date')).toEqual(['2024']);
    expect(meta('citation_journal_title')).toEqual(['Journal of Testing']);
    expect(meta('citation_conference_title')).toEqual([]);
    expect(meta('citation_doi')).toEqual(['10.5555/scholar.test.1']);
    // no PDF stored here: no citation_pdf_url
    expect(meta('citation_pdf_url')).toEqual([]);
    // JSON-LD that parses, canonical and hreflang
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(ld?.[1] ?? '{}')).toMatchObject({ '@type': 'ScholarlyArticle', name: 'Scholar & <Meta> Test Paper', datePublished: '2024-03' });
    expect(html).toContain(`<link rel="canonical" href="${site.url}/publication/${pid}?lang=zh"/>`);
    expect(html).toContain(`hrefLang="en" href="${site.url}/publication/${pid}?lang=en"`);
    // the page shows the record: DOI as a doi.org link, abstract, keywords
    expect(html).toContain('href="https://doi.org/10.5555/scholar.test.1"');
    expect(html).toContain('An abstract that says what the paper found.');
    expect(html).toContain('<li>元数据</li>');
    // a demo paper with its PDF stored here names it
    const withPdf = await (await get('/publication/1')).text();
    expect(withPdf).toMatch(/<meta name="citation_pdf_url" content="http:\/\/127\.0\.0\.1:\d+\/resource\/public\/publication\/1\/[^"]+\.pdf"/);
    // listed and linked
    expect(await (await get('/sitemap.xml')).text()).toContain(`${site.url}/publication/${pid}</loc>`);
    expect(await (await get('/publication')).text()).toContain(`href="/publication/${pid}"`);
    // an unknown or malformed id is a 404 page
    for (const bad of ['/publication/999999', '/publication/abc', '/publication/1.5']) expect((await get(bad)).status, bad).toBe(404);
  });
  it('exports the publications as BibTeX and CSL-JSON, all, by area or one, and cites each on its page', async () => {
    const all = (await (await get('/api/read_publication/')).json()) as { pid: number; title: string; area_num: number; doi: string }[];
    const bib = await get('/publication.bib');
    expect(bib.status).toBe(200);
    expect(bib.headers.get('content-type')).toBe('application/x-bibtex; charset=utf-8');
    const entries = (text: string) => (text.match(/^@\w+\{/gm) ?? []).length;
    expect(entries(await bib.text())).toBe(all.length);
    // an area filter as the list page spells it; a number that is no area is dropped
    const inArea5 = all.filter((p) => p.area_num === 5);
    expect(inArea5.length).toBeGreaterThan(0);
    expect(entries(await (await get('/publication.bib?area=5,99')).text())).toBe(inArea5.length);
    // CSL-JSON carries every field, abstract and keywords included
    const csl = (await (await get('/publication.json?area=5')).json()) as { id: string; title: string; DOI?: string; abstract?: string; keyword?: string }[];
    expect(csl.map((c) => c.title).sort()).toEqual(inArea5.map((p) => p.title).sort());
    const withDoi = csl.find((c) => c.DOI);
    expect(withDoi).toMatchObject({
      DOI: expect.stringMatching(/^10\.5555\//),
      abstract: expect.any(String),
      keyword: expect.stringContaining('argument mining'),
    });
    // one publication's BibTeX, each its own (never another's from a shared answer), and none for an unknown id
    const [a, b] = all;
    const bibA = await (await get(`/publication/${a?.pid}.bib`)).text();
    const bibB = await (await get(`/publication/${b?.pid}.bib`)).text();
    expect(entries(bibA)).toBe(1);
    expect(bibA).not.toBe(bibB);
    expect((await get('/publication/999999.bib')).status).toBe(404);
    // the page's Cite block: APA and BibTeX, readable without JavaScript
    const page = await (await get(`/publication/${a?.pid}?lang=en`)).text();
    expect(page).toContain('id="cite"');
    expect(page).toMatch(/<pre class="cite-text">@\w+\{/);
    // GB/T 7714-2025 (the default) and APA of a demo paper
    const demo = await (await get('/publication/1?lang=zh')).text();
    expect(demo).toContain(
      'Zhao X，Peng X，Marchetti E，et al. Measuring affective polarization on short-video platforms with interaction graphs[C/OL]//WWW 2025，2025. DOI:10.5555/disc.2025.0001.',
    );
    expect(demo).toContain(
      'Zhao, X., Peng, X., Marchetti, E., &amp; Zhou, M. (2025). Measuring affective polarization on short-video platforms with interaction graphs. In WWW 2025.',
    );
    expect(page).toContain(`href="/publication/${a?.pid}.bib"`);
    // the list links the exports and each entry's Cite block
    const list = await (await get('/publication?area=5')).text();
    expect(list).toContain('href="/publication.bib?area=5"');
    expect(list).toContain(`href="/publication/${inArea5[0]?.pid}#cite"`);
    // a new publication is in the next export (the shared answer is renewed)
    const admin = await loginAs(site.app, ADMIN.username, ADMIN.password);
    const created = await admin.send('POST', '/api/publication/', {
      title: 'Exported Right Away',
      author: JSON.stringify(['Grace Hopper']),
      source: 'Test 2026',
      year: '2026',
      area: 'agents',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await (await get('/publication.bib')).text()).toContain('author = {Hopper, Grace}');
  });
  it("shows each member's publications on their page, and the lab's members stand out in every author list", async () => {
    const page = await (await get('/people/zhaoxinyue?lang=en')).text();
    expect(page).toContain('id="member-publications"');
    // the demo's papers naming Xinyue Zhao, newest year first
    const titles = [...page.matchAll(/<li><a href="\/publication\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toContain('Measuring Affective Polarization on Short-Video Platforms with Interaction Graphs');
    expect(titles).toContain('Rumor or Revision? Tracking Claim Mutation Across Reposting Chains');
    const years = [...page.matchAll(/<h3>(\d{4})<\/h3>/g)].map((m) => Number(m[1]));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    // members link to their pages in the author lists; others stay plain text
    const list = await (await get('/publication')).text();
    expect(list).toContain('<a class="member" href="/people/zhaoxinyue">Xinyue Zhao</a>');
    expect(list).not.toMatch(/class="member"[^>]*>Elena Marchetti</);
    expect(await (await get('/publication/1')).text()).toContain('<a class="member" href="/people/zhaoxinyue">Xinyue Zhao</a>');
  });
  it('advertises its feeds on every page, has a feed of new publications, and describes the lab, members and seminars in JSON-LD', async () => {
    const ld = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>);
    const home = await (await get('/?lang=en')).text();
    for (const page of [home, await (await get('/people')).text(), await (await get('/publication/1')).text()]) {
      expect(page).toContain('<link rel="alternate" type="application/rss+xml" title="RSS" href="/feed/news.xml"/>');
      expect(page).toContain('href="/feed/publications.xml"');
      // the footer: the feeds and the seminar calendar, as webcal: and as https
      expect(page).toMatch(/href="webcal:\/\/127\.0\.0\.1:\d+\/feed\/seminars\.ics"/);
      expect(page).toContain('href="/feed/seminars.ics"');
    }
    const homeLd = ld(home);
    expect(homeLd.find((x) => x['@type'] === 'ResearchOrganization')).toMatchObject({ name: expect.any(String), url: `${site.url}/` });
    expect(homeLd.find((x) => x['@type'] === 'Event')).toMatchObject({ startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+08:00$/) });
    const person = ld(await (await get('/people/zhaoxinyue?lang=en')).text()).find((x) => x['@type'] === 'Person');
    expect(person).toMatchObject({ name: 'Xinyue Zhao', url: `${site.url}/people/zhaoxinyue`, affiliation: { '@type': 'ResearchOrganization' } });
    // the newest publications, each linking its page
    const feed = await get('/feed/publications.xml');
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const items = [...(await feed.text()).matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]).slice(1);
    expect(items.length).toBeGreaterThan(10);
    const pids = items.map((u) => Number(/\/publication\/(\d+)$/.exec(u ?? '')?.[1]));
    expect(pids).toEqual([...pids].sort((a, b) => b - a));
  });
});
