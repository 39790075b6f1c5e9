import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as message } from '../../common/messages.ts';
import { dialects } from '../helpers/app.ts';
import { createdId, makeWorld, unique, type World } from '../fixtures/world.ts';
import { ensureBuild } from './server.ts';

// On the built pages and on both databases: a record scheduled a moment ahead is on no
// page, feed or sitemap until its time, then on all of them with no write, and no cached page keeps the old
// version; and the preview of a draft or of unsaved edits is the real page for members only, never
// cached, never indexed, never from another site.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(dialects)('scheduled records and previews on the pages, on %s', (dialect) => {
  let w: World;
  /** The site's origin as the server names itself to a request of inject (no socket, no PUBLIC_URL: the configured address). */
  const origin = 'http://127.0.0.1:3000';
  beforeAll(async () => {
    await ensureBuild();
    w = await makeWorld(dialect, { LAB_API_ONLY: '0' });
  }, 240_000);
  afterAll(() => w?.t.close());

  const page = (url: string, headers: Record<string, string> = {}) => w.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
  const body = async (url: string) => {
    const r = await page(url);
    expect(r.statusCode, url).toBe(200);
    return r.body;
  };

  it('shows a scheduled record nowhere until its time, then everywhere with no write, and no page keeps the old version', async () => {
    const word = `Heliotrope${unique()}`;
    const at = later(3000);
    const aid = createdId(
      await w.admin.send('POST', '/api/article/', { title: `Article ${word}`, abstract: 'x', markdown: `# ${word}`, release: 'true', publish_at: at }),
    );
    createdId(
      await w.admin.send('POST', '/api/news/', {
        abstract: `News ${word}`,
        date: '2099-01-01',
        content_en: `<p>News ${word}</p>`,
        release: 'true',
        publish_at: at,
      }),
    );
    createdId(await w.admin.send('POST', '/api/seminar/', { title_en: `Seminar ${word}`, title_zh: `研讨会 ${word}`, date: '2099-01-02', publish_at: at }));
    const views = ['/', '/news', '/feed/news.xml', '/feed/seminars.ics', '/sitemap.xml'];
    for (const url of views) expect(await body(url), url).not.toContain(word);
    expect(await body('/sitemap.xml')).not.toContain(`/news/${aid}<`);
    expect((await page(`/news/${aid}`)).statusCode).toBe(404);
    // the pages are in the cache now
    for (const url of ['/', '/news']) expect((await page(url)).headers['x-cache'], url).toBe('hit');

    await sleep(Date.parse(at) - Date.now() + 400);

    // no write since: the publish timer announced them, the cached pages are renewed (a busy machine may run
    // the timer a little late: the home page is asked again for a few seconds, nothing is written meanwhile)
    await expect.poll(() => body('/'), { timeout: 10_000, interval: 250 }).toContain(`News ${word}`);
    const home = await body('/');
    expect(home).toContain(`Seminar ${word}`);
    expect(await body('/news')).toContain(`Article ${word}`);
    expect(await body(`/news/${aid}`)).toContain(`Article ${word}`);
    expect(await body('/feed/news.xml')).toContain(`Article ${word}`);
    expect(await body('/feed/news.xml')).toContain(`News ${word}`);
    expect(await body('/feed/seminars.ics')).toContain(`Seminar ${word}`);
    expect(await body('/sitemap.xml')).toContain(`/news/${aid}<`);
  });

  describe('previews', () => {
    let draft: number;
    const title = `Draft article ${unique()}`;
    beforeAll(async () => {
      draft = createdId(await w.admin.send('POST', '/api/article/', { title, abstract: 'A draft', markdown: '## Part one\n\nDraft body', authors: '["Ann"]' }));
    });
    /** A request from the console's browser tab: the session cookie, and what the browser says of where it comes from. */
    const fromConsole = (token: string | undefined, extra: Record<string, string> = {}) => ({
      cookie: `lab_session=${token}`,
      'sec-fetch-site': 'same-origin',
      ...extra,
    });
    const post = (url: string, record: unknown, headers: Record<string, string>) => {
      const form = new FormData();
      form.append('record', JSON.stringify(record));
      const encoded = new Response(form);
      return encoded.arrayBuffer().then((buf) =>
        w.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': encoded.headers.get('content-type') as string, ...headers },
          payload: Buffer.from(buf),
        }),
      );
    };
    const expectPrivate = (r: LightMyRequestResponse) => {
      expect(r.headers['cache-control']).toBe('no-store, private');
      expect(r.headers['x-robots-tag']).toMatch(/noindex/);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-cache']).toBeUndefined();
    };

    it('renders a saved draft’s real page in both languages for a member, while its public address stays 404', async () => {
      const cached = w.app.responseCache.size;
      const zh = await page(`/preview/article/${draft}?lang=zh`, fromConsole(w.user.token));
      expect(zh.statusCode, zh.body).toBe(200);
      expectPrivate(zh);
      expect(zh.body).toMatch(/<html lang="zh/);
      expect(zh.body).toContain(title);
      expect(zh.body).toMatch(/<h2 id="part-one">Part one<\/h2>/);
      expect(zh.body).toContain('贡献者');
      expect(zh.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(zh.body).toContain('草稿');
      const en = await page(`/preview/article/${draft}?lang=en`, fromConsole(w.user.token));
      expect(en.statusCode).toBe(200);
      expect(en.body).toMatch(/<html lang="en/);
      expect(en.body).toContain('Contributors');
      expect(en.body).toContain('Draft: public once published.');
      // nothing of it entered the page cache, and visitors still find no page
      expect(w.app.responseCache.size).toBe(cached);
      expect((await page(`/news/${draft}`)).statusCode).toBe(404);
      expect((await page(`/preview/article/${draft}?lang=zh`)).statusCode).toBe(302);
    });

    it('sends a visitor to the login, and answers 401 to a data request or a POST without a session', async () => {
      const anon = await page(`/preview/article/${draft}?lang=zh`);
      expect(anon.statusCode).toBe(302);
      expect(anon.headers.location).toBe(`/login?redirect=${encodeURIComponent(`/preview/article/${draft}?lang=zh`)}`);
      expectPrivate(anon);
      expect(anon.body).not.toContain(title);
      expect((await page(`/preview/article/${draft}.data`)).statusCode).toBe(401);
      const posted = await post(`/preview/article/${draft}?lang=en`, { title: 'x' }, { origin });
      expect(posted.statusCode).toBe(401);
      expect(posted.body).not.toContain(title);
      // a session that is not one, and a cookie sent by a page of another site (or a sibling one), count as none
      expect((await page(`/preview/article/${draft}`, fromConsole('x'.repeat(43)))).statusCode).toBe(302);
      for (const site of ['cross-site', 'same-site']) {
        expect((await page(`/preview/article/${draft}`, fromConsole(w.user.token, { 'sec-fetch-site': site }))).statusCode, site).toBe(302);
      }
      // an unknown kind or record is not found, for members too
      expect((await page(`/preview/person/1`, fromConsole(w.admin.token))).statusCode).toBe(404);
      expect((await page(`/preview/article/987654`, fromConsole(w.admin.token))).statusCode).toBe(404);
      expect((await page(`/preview/article/new`, fromConsole(w.admin.token))).statusCode).toBe(404);
    });

    it('renders unsaved edits, sanitized as the public page is, only when posted from the site itself', async () => {
      const edits = {
        title: 'Edited <em>title</em>',
        abstract: 'Edited abstract',
        markdown: 'Edited body <script>alert(1)</script> <img src="x" onerror="alert(2)"> [link](javascript:alert(3))',
      };
      const url = `/preview/article/${draft}?lang=en`;
      const ok = await post(url, edits, fromConsole(w.user.token, { origin }));
      expect(ok.statusCode, ok.body).toBe(200);
      expectPrivate(ok);
      expect(ok.body).toContain('Edited &lt;em&gt;title&lt;/em&gt;');
      // rendered as the public page renders markdown; the edits travel on, escaped, for the language switch
      expect(ok.body).toContain('<div class="rich"><p>Edited body alert(1)  <a>link</a></p></div>');
      expect(ok.body).not.toMatch(/<script>alert|<img[^>]*onerror|href="javascript:/);
      expect(ok.body).toContain('unsaved edits');
      // nothing was saved
      expect(((await w.admin.get(`/api/article/?aid=${draft}`)).json() as { title: string }).title).toBe(title);
      // from another site, or a sibling one, or with no Origin: refused before anything is read
      const elsewhere: Record<string, string>[] = [
        { origin: 'http://evil.example' },
        { origin: 'http://lab.example.edu' },
        {},
        { origin, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of elsewhere) {
        const refused = await post(url, edits, fromConsole(w.user.token, headers));
        expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
        expect(refused.body).not.toContain('Edited');
      }
      // a new record's edits
      const fresh = await post(
        `/preview/article/new?lang=zh`,
        { title: 'Brand new', abstract: 'y', markdown: 'New body' },
        fromConsole(w.user.token, { origin }),
      );
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.body).toContain('Brand new');
    });

    it('refuses malformed edits with the messages a save gives, in the page’s language', async () => {
      for (const lang of ['zh', 'en'] as const) {
        const r = await post(`/preview/article/${draft}?lang=${lang}`, { publish_at: '2030-02-30T09:00+08:00' }, fromConsole(w.user.token, { origin }));
        expect(r.statusCode).toBe(400);
        expect(r.body).toContain(message(lang, 'invalid_instant'));
      }
    });

    it('shows a news item in the home page’s timeline and a seminar as the latest one, for administrators only', async () => {
      const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Draft news', date: '2001-01-01', content_en: '<p>Saved news</p>' }));
      const edited = await post(
        `/preview/news/${nid}?lang=en`,
        { content_en: '<p>Unsaved news <img src="x" onerror="alert(1)"></p>', date: '2001-01-01' },
        fromConsole(w.admin.token, { origin }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.body).toContain(`id="news-${nid}"`);
      expect(edited.body).toMatch(new RegExp(`<li id="news-${nid}"[^>]*>.*<p>Unsaved news <img src="x" ?/?></p>`));
      expect(edited.body).not.toMatch(/<img[^>]*onerror/);
      // news and seminars are edited by administrators only: nobody else previews them
      expect((await page(`/preview/news/${nid}?lang=en`, fromConsole(w.user.token))).statusCode).toBe(404);

      const sid = createdId(
        await w.admin.send('POST', '/api/seminar/', { title_en: 'Hidden seminar', title_zh: '隐藏的研讨会', date: '2001-01-01', release: 'false' }),
      );
      const seminar = await page(`/preview/seminar/${sid}?lang=zh`, fromConsole(w.admin.token));
      expect(seminar.statusCode).toBe(200);
      expect(seminar.body).toContain('隐藏的研讨会');
      expect(await body('/')).not.toContain('Hidden seminar');
    });
  });
});
