import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { people as demoPeople } from '../../cli/demo/content.ts';
import { courses, projects, sharedTasks, siteSettings } from '../../cli/demo/site-content.ts';
import { areas, enumLabel, type Lang } from '../../common/enums.ts';
import { isPublicResource, publicListPath } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { translate } from '../../app/i18n/index.tsx';
import { menuOf } from '../../app/lib/paths.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated as waitHydrated, sessionTokenOf, networkQuiet } from './server.ts';

// The public site in a real browser: every public route in both languages, the
// language menu, the publication filter of SPEC §4, people tabs and card links, the article's table of
// contents, login and logout, pages without JavaScript, a phone-sized screen, the home page's top bar
// and personal pages holding hostile HTML.

type Rec = Record<string, unknown>;
type Article = { aid: number; slug: string | null; title: string; authors: string[]; markdown?: string };
type Person = { pid: number; username: string; name_zh: string; name_en: string; status: boolean; link_type: number; link: string };
type Publication = { pid: number; title: string; area_num: number };

const labName = (lang: Lang) => (lang === 'zh' ? siteSettings.lab_name_zh : siteSettings.lab_name_en);
const inLang = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
const htmlLang = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en');
const demoPerson = (username: string) => {
  const p = demoPeople.find((x) => x.username === username);
  if (!p) throw new Error(`no demo person ${username}`);
  return p;
};
/** The first heading of a markdown text (what its rendered page must show). */
const firstHeading = (markdown: string) => /^#{1,3} +(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';

describe.skipIf(!e2eAvailable)('public site in a browser', { timeout: 60_000 }, () => {
  const suite = browserSuite();

  /** A fresh browser context (own cookies and storage) in a language, with its first page. */
  const open = (lang: Lang = 'en', options: BrowserContextOptions = {}) => suite.open({ lang, width: 1280, height: 800, context: options });

  const at = suite.at;
  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(at(path), init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Waits until React has hydrated the element (the site header unless named). */
  const hydrated = (page: Page, selector = 'header') => waitHydrated(page, selector);

  /** The rendered text of the page (innerText: what is shown), lower-cased: CSS may upper-case labels. */
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (not hidden nodes, not scripts)
  const bodyText = async (page: Page) => (await page.locator('body').innerText()).toLowerCase();
  const shows = (text: string, wanted: string, where = '') => expect(text, `${where} shows "${wanted}"`).toContain(wanted.toLowerCase());
  /** An entry of the open menu (menuitem or menuitemradio). */
  const menuItem = (page: Page, name: string) => page.locator('[role="menu"] [role^="menuitem"]').filter({ hasText: name });
  /** The labels of the active ones among these chips or tabs (aria-pressed, aria-selected or aria-current). */
  const activeOf = (items: Locator) =>
    items.evaluateAll((els) =>
      els
        .filter(
          (el) =>
            el.getAttribute('aria-pressed') === 'true' ||
            el.getAttribute('aria-selected') === 'true' ||
            ['true', 'page'].includes(el.getAttribute('aria-current') ?? ''),
        )
        .map((el) => el.textContent?.trim() ?? ''),
    );

  async function adminToken(): Promise<string> {
    const csrf = await fetch(at('/api/csrf/'));
    const { csrftoken } = (await csrf.json()) as { csrftoken: string };
    const res = await api<{ loginStatus: string; token: string }>('/api/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken },
      body: JSON.stringify(ADMIN),
    });
    expect(res.loginStatus).toBe('success');
    return res.token;
  }

  async function createPerson(token: string, fields: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const res = await fetch(at('/api/people/'), { method: 'POST', headers: { authorization: `Token ${token}` }, body });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  // -------------------------------------------------------------------------------------------
  // Every public route, in both languages

  test.each(['en', 'zh'] as const)('every public route renders in %s', async (lang) => {
    const articles = await api<Article[]>('/api/read_article/');
    const slugged = articles.find((a) => a.slug);
    const plain = articles.find((a) => !a.slug);
    if (!slugged || !plain) throw new Error('the demo needs articles with and without a slug');
    const full = async (a: Article) => api<Article>(`/api/read_article/?aid=${a.aid}`);
    const [plainFull, sluggedFull] = await Promise.all([full(plain), full(slugged)]);
    const current = (await api<Person[]>('/api/read_people/')).filter((p) => p.status);
    const publications = await api<Publication[]>('/api/read_publication/');
    const seminar = await api<Rec>('/api/read_seminar/?recent=1');
    const [intro, noIntro] =
      lang === 'zh'
        ? ['用数据与人工智能理解和服务社会', 'understanding and serving society']
        : ['understanding and serving society with data and artificial intelligence', '用数据与人工智能理解和服务社会'];
    const articleTexts = (a: Article) => [a.title, inLang(lang, '贡献者', 'Contributors'), ...a.authors, firstHeading(a.markdown ?? '')];
    const course = (slug: string) => {
      const c = courses.find((x) => x.slug === slug);
      if (!c) throw new Error(`no demo course ${slug}`);
      return {
        title: ofLab(inLang(lang, c.title_zh, c.title_en)),
        texts: [inLang(lang, c.title_zh, c.title_en), inLang(lang, c.summary_zh, c.summary_en), firstHeading(inLang(lang, c.markdown_zh, c.markdown_en))],
      };
    };
    /** A page's title: its own name, then the lab's. */
    const ofLab = (title: string) => `${title} · ${labName(lang)}`;
    const labadmin = demoPerson('labadmin');
    const liqinghe = demoPerson('liqinghe');
    const tasks = sharedTasks.filter((t) => t.release !== false).map((t) => inLang(lang, t.title_zh, t.title_en));

    const routes: { path: string; status?: number; title: string; texts: string[]; absent?: string[] }[] = [
      {
        path: '/',
        title: labName(lang),
        texts: [
          labName(lang),
          inLang(lang, '实验室简介', 'About the lab'),
          intro,
          String(inLang(lang, String(seminar.title_zh), String(seminar.title_en))),
          siteSettings.email,
          inLang(lang, siteSettings.location_zh, siteSettings.location_en),
        ],
        // the filing number is shown in Chinese only (SPEC §2)
        absent: [noIntro, ...(lang === 'en' ? [siteSettings.filing_number] : [])],
      },
      { path: '/news', title: ofLab(inLang(lang, '新闻', 'News')), texts: articles.map((a) => a.title) },
      { path: `/news/${plain.aid}`, title: ofLab(plain.title), texts: articleTexts(plainFull) },
      { path: `/news/${slugged.slug}`, title: ofLab(slugged.title), texts: articleTexts(sluggedFull) },
      { path: `/blog/${slugged.slug}`, title: ofLab(slugged.title), texts: articleTexts(sluggedFull) },
      { path: '/news-archive', title: ofLab(inLang(lang, '全部新闻', 'All news')), texts: [inLang(lang, '全部新闻', 'All news')] },
      { path: '/people', title: ofLab(inLang(lang, '成员', 'People')), texts: current.map((p) => inLang(lang, p.name_zh, p.name_en)) },
      // link_type 1 (markdown) and 2 (HTML); the title is the lab name plus the English name
      {
        path: '/people/labadmin',
        title: `${labName(lang)} - ${labadmin.name_en}`,
        texts: [inLang(lang, labadmin.name_zh, labadmin.name_en), '研究兴趣', '社会计算与计算社会科学'],
      },
      {
        path: '/people/liqinghe',
        title: `${labName(lang)} - ${liqinghe.name_en}`,
        texts: [inLang(lang, liqinghe.name_zh, liqinghe.name_en), 'Argument mining from debates, reviews and social media'],
      },
      { path: '/curriculum', title: ofLab(inLang(lang, '课程', 'Courses')), texts: courses.map((c) => inLang(lang, c.title_zh, c.title_en)) },
      { path: '/curriculum/Intro-to-AI', ...course('Intro-to-AI') },
      { path: '/curriculum/Intro-to-NLP', ...course('Intro-to-NLP') },
      { path: '/sharedtask', title: ofLab(inLang(lang, '评测任务', 'Shared Tasks')), texts: tasks },
      { path: '/SharedTask', title: ofLab(inLang(lang, '评测任务', 'Shared Tasks')), texts: tasks },
      {
        path: '/publication',
        title: ofLab(inLang(lang, '论文', 'Publications')),
        texts: [publications[0]!.title, publications.at(-1)!.title, inLang(lang, `共 ${publications.length} 篇`, `${publications.length} publications`)],
      },
      { path: '/DISCOpen', title: ofLab(inLang(lang, '开源', 'Open Source')), texts: projects.map((p) => inLang(lang, p.title_zh, p.title_en)) },
      {
        path: '/login',
        title: `${inLang(lang, '登录', 'Log in')} · ${labName(lang)}`,
        texts: [labName(lang), inLang(lang, '用户名', 'Username'), inLang(lang, '密码', 'Password')],
      },
      {
        path: '/no-such-page',
        status: 404,
        title: inLang(lang, '页面不存在', 'Page not found'),
        texts: ['404', inLang(lang, '页面不存在', 'Page not found'), inLang(lang, '返回首页', 'Go to the home page')],
      },
      { path: '/news/999999', status: 404, title: inLang(lang, '页面不存在', 'Page not found'), texts: ['404'] },
    ];

    const { page } = await open(lang);
    /** The menu's labels in `lang`, from the fixed entries and the declarations. */
    const menu = (l: Lang) =>
      menuOf(
        Object.values(resources).flatMap((res) =>
          isPublicResource(res) ? [{ key: res.name, href: publicListPath(res), order: res.public.nav.order, label: res.public.nav.label[l] }] : [],
        ),
      ).map((e) => e.label ?? translate(l, `nav.${e.key}`));
    for (const r of routes) {
      const res = await page.goto(at(r.path));
      const where = `${lang} ${r.path}`;
      expect(res?.status(), where).toBe(r.status ?? 200);
      expect(await page.title(), where).toBe(r.title);
      expect(await page.locator('html').getAttribute('lang'), where).toBe(htmlLang(lang));
      const text = await bodyText(page);
      for (const t of r.texts) shows(text, t, where);
      for (const t of r.absent ?? []) expect(text, `${where} does not show "${t}"`).not.toContain(t.toLowerCase());
      if (r.path !== '/login') {
        // the shared frame: navigation in the page's language, every entry of the menu in its order (the
        // fixed pages, and each resource declared with a public part at its declared place)
        // (the bar shows it from the width it fits at, app/lib/nav-fit.ts; the menu button below: read from the page either way)
        const nav = await page.locator('header nav.nav a').allTextContents();
        expect(nav, where).toEqual(menu(lang));
        expect(nav, where).toContain(inLang(lang, '论文', 'Publications'));
        expect(nav, where).toContain(inLang(lang, '成员', 'People'));
      }
    }
  });

  // -------------------------------------------------------------------------------------------
  // Language menu

  test('shows the menu’s first entries in the bar and the rest under “More”, the whole menu where it fits (with and without scripts)', async () => {
    // the demo's English entries fill a 1920 px bar (app/lib/nav-fit.ts); at 1280 px the bar holds the first ones
    const { context, page } = await open('en');
    await page.goto(at('/news'));
    await hydrated(page);
    await expect.poll(() => page.locator('header nav.nav').isVisible()).toBe(true);
    expect(await page.locator('header .menu-button').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Join us' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Join us' }).isVisible()).toBe(true);
    await page.locator('header').getByRole('link', { name: 'Publications' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Publications');
    await context.close();
    const wide = await suite.open({ lang: 'en', width: 1920, height: 900 });
    await wide.page.goto(at('/news'));
    await expect.poll(() => wide.page.locator('header nav.nav').isVisible()).toBe(true);
    expect(await wide.page.locator('header .menu-button').isVisible()).toBe(false);
    expect(await wide.page.locator('header .nav-more').isVisible()).toBe(false);
    expect(await wide.page.locator('header nav.nav').getByRole('link', { name: 'Join us' }).isVisible()).toBe(true);
    await wide.context.close();
    // a phone has the menu button and its drawer
    const phone = await suite.open({ lang: 'en', width: 390, height: 844 });
    await phone.page.goto(at('/news'));
    await hydrated(phone.page);
    await phone.page.locator('header .menu-button').click();
    const drawer = phone.page.locator('.drawer');
    await expect.poll(() => drawer.getByRole('link', { name: 'Join us' }).isVisible()).toBe(true);
    await phone.context.close();
    // without scripts "More" would open nothing: the bar keeps the whole menu
    const plain = await suite.open({ lang: 'en', width: 1280, height: 800, context: { javaScriptEnabled: false } });
    await plain.page.goto(at('/news'));
    expect(await plain.page.locator('header nav.nav').isVisible()).toBe(true);
    expect(await plain.page.locator('header nav.nav').getByRole('link', { name: 'Join us' }).isVisible()).toBe(true);
    expect(await plain.page.locator('header .menu-button').isVisible()).toBe(false);
    expect(await plain.page.locator('header .nav-more').isVisible()).toBe(false);
    await plain.context.close();
  });

  test('the language menu switches the language, and the choice survives a reload', async () => {
    const { context, page } = await open('en');
    await page.goto(at('/people'));
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('People');

    await page.getByRole('button', { name: 'Language' }).click();
    await menuItem(page, '中文').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('成员');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.locator('header nav.nav a').allTextContents()).toContain('论文');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('zh');

    // the server renders the next load in Chinese although the browser asks for English
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toContain('<html lang="zh-CN"');
    expect(await page.locator('h1').textContent()).toBe('成员');
    expect(await page.title()).toBe(`成员 · ${siteSettings.lab_name_zh}`);

    await hydrated(page);
    await page.getByRole('button', { name: '语言' }).click();
    await menuItem(page, 'English').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('People');
    await page.reload();
    expect(await page.locator('h1').textContent()).toBe('People');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // the login page has the same menu
    await page.goto(at('/login'));
    await hydrated(page, 'form');
    await page.getByRole('button', { name: 'Language' }).click();
    await menuItem(page, '中文').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('登录');
    await page.reload();
    expect(await page.title()).toBe(`登录 · ${siteSettings.lab_name_zh}`);
  });

  // -------------------------------------------------------------------------------------------
  // Publications

  test('the publication area filter follows SPEC §4 and the list counts down from N', async () => {
    const publications = await api<Publication[]>('/api/read_publication/');
    const { page, context } = await open('en');
    await page.goto(at('/publication'));
    await hydrated(page, 'main nav');
    const filter = page.getByRole('navigation', { name: 'Filter by area' });
    const chip = (label: string) => filter.getByRole('link', { name: label, exact: true });
    const label = (num: number) => enumLabel(areas, areas.find((a) => a.num === num)?.value ?? '', 'en');
    const pressed = () => activeOf(filter.getByRole('link'));
    // the title: the first line's first node (its venue rank badges follow it)
    const listed = () => page.locator('main ol[reversed] > li').evaluateAll((lis) => lis.map((li) => li.querySelector('p')?.firstChild?.textContent ?? ''));
    const titlesOf = (nums: number[]) => publications.filter((p) => nums.length === 0 || nums.includes(p.area_num)).map((p) => p.title);

    // the areas offered are exactly those found in the data
    const found = areas.map((a) => a.num).filter((n) => publications.some((p) => p.area_num === n));
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(await filter.getByRole('link').allTextContents()).toEqual(['All', ...found.map(label)]);

    // All is active by default and every publication is listed, numbered N … 1
    expect(await pressed()).toEqual(['All']);
    expect(await listed()).toEqual(titlesOf([]));
    // the numbers the browser draws, read from its accessibility tree (list markers)
    const cdp = await context.newCDPSession(page);
    const numbers = async () => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string } }[] };
      return nodes.filter((n) => n.role?.value === 'ListMarker').map((n) => n.name?.value.trim());
    };
    const countdown = (n: number) => Array.from({ length: n }, (_, i) => `${n - i}.`);
    expect(await numbers()).toEqual(countdown(publications.length));

    const [a, b] = [found[0]!, found[1]!];
    await page.evaluate(() => {
      (window as unknown as { __kept?: number }).__kept = 1;
    });
    // choosing an area deactivates All and filters the list
    await chip(label(a)).click();
    await expect.poll(pressed).toEqual([label(a)]);
    await expect.poll(listed).toEqual(titlesOf([a]));
    expect(await bodyText(page)).toContain(`${titlesOf([a]).length} publications`);
    expect(await numbers()).toEqual(countdown(titlesOf([a]).length));

    // a second area adds to the selection
    await chip(label(b)).click();
    await expect.poll(pressed).toEqual([label(a), label(b)]);
    await expect.poll(listed).toEqual(titlesOf([a, b]));

    // deactivating every area reactivates All
    await chip(label(a)).click();
    await expect.poll(pressed).toEqual([label(b)]);
    await expect.poll(listed).toEqual(titlesOf([b]));
    await chip(label(b)).click();
    await expect.poll(pressed).toEqual(['All']);
    await expect.poll(listed).toEqual(titlesOf([]));

    // choosing All deactivates the others
    await chip(label(b)).click();
    await chip(label(a)).click();
    await expect.poll(pressed).toEqual([label(a), label(b)]);
    await chip('All').click();
    await expect.poll(pressed).toEqual(['All']);
    await expect.poll(listed).toEqual(titlesOf([]));
    // the filter changed the page without loading another one
    expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
  });

  // -------------------------------------------------------------------------------------------
  // People

  test('people tabs, and cards that link only when the person has a page', async () => {
    const everyone = await api<Person[]>('/api/read_people/');
    const current = everyone.filter((p) => p.status);
    const former = everyone.filter((p) => !p.status);
    expect(former.length).toBeGreaterThan(0);
    for (const t of [0, 1, 2, 3])
      expect(
        current.some((p) => p.link_type === t),
        `a current person with link_type ${t}`,
      ).toBe(true);

    const { context, page } = await open('en');
    await page.goto(at('/people'));
    await hydrated(page, 'main');
    const cards = () =>
      page.locator('main h3').evaluateAll((hs) =>
        hs.map((h) => {
          const a = h.closest('a');
          return { name: h.textContent ?? '', href: a?.getAttribute('href') ?? null, target: a?.getAttribute('target') ?? null };
        }),
      );
    // the two tabs (links, so that they work without JavaScript too)
    const tabs = page
      .locator('main')
      .locator('[role="tab"], a')
      .filter({ hasText: /^(Current members|Former members)$/ });
    const tab = (name: string) => tabs.filter({ hasText: name });
    expect(await tabs.count()).toBe(2);
    expect(await activeOf(tabs)).toEqual(['Current members']);

    // each card links to the personal page (link_type 1, 2), the external page (3) or nowhere (0)
    const expected = (list: Person[]) =>
      list
        .map((p) => ({
          name: p.name_en,
          href: p.link_type === 0 ? null : p.link_type === 3 ? p.link : `/people/${p.username}`,
          target: p.link_type === 3 ? '_blank' : null,
        }))
        .sort((x, y) => x.name.localeCompare(y.name));
    const sorted = async () => (await cards()).sort((x, y) => x.name.localeCompare(y.name));
    expect(await sorted()).toEqual(expected(current));

    await page.evaluate(() => {
      (window as unknown as { __kept?: number }).__kept = 1;
    });
    await tab('Former members').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'former');
    await expect.poll(() => activeOf(tabs)).toEqual(['Former members']);
    await expect.poll(sorted).toEqual(expected(former));
    // a client-side change: the page was not loaded again
    expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
    await tab('Current members').click();
    await page.waitForURL(at('/people'));
    await expect.poll(() => activeOf(tabs)).toEqual(['Current members']);
    await expect.poll(sorted).toEqual(expected(current));

    // a link_type 3 card opens the person's own site in a new tab
    const external = current.find((p) => p.link_type === 3)!;
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('heading', { name: external.name_en }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(external.link);
    await popup.close();

    // a link_type 1 card opens the personal page
    const markdownPerson = current.find((p) => p.link_type === 1)!;
    await page.getByRole('heading', { name: markdownPerson.name_en }).click();
    await page.waitForURL(at(`/people/${markdownPerson.username}`));
    await expect.poll(() => page.title()).toBe(`${siteSettings.lab_name_en} - ${markdownPerson.name_en}`);

    // /people/{username} of a link_type 3 person redirects to the page; link_type 0 has none
    const redirect = await fetch(at(`/people/${external.username}`), { redirect: 'manual' });
    expect([301, 302, 303, 307, 308]).toContain(redirect.status);
    expect(redirect.headers.get('location')).toBe(external.link);
    const nobody = current.find((p) => p.link_type === 0)!;
    expect((await fetch(at(`/people/${nobody.username}`))).status).toBe(404);
  });

  // -------------------------------------------------------------------------------------------
  // Article table of contents

  test("a member's page lists their publications by year, in both languages, each opening its page; co-authors who are members link to theirs", async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page } = await open(lang);
      await page.goto(at('/people/zhaoxinyue'));
      await hydrated(page);
      const section = page.getByRole('region', { name: lang === 'zh' ? '论文' : 'Publications' });
      await section.waitFor();
      const years = (await section.getByRole('heading', { level: 3 }).allTextContents()).map(Number);
      expect(years.length).toBeGreaterThan(1);
      expect(years).toEqual([...years].sort((a, b) => b - a));
      // a co-author who is a member leads to their page; the title to the publication's
      await section.getByRole('link', { name: 'Mingyuan Zhou' }).first().click();
      await page.waitForURL(/\/people\/labadmin$/);
      await page.goBack();
      await section.getByRole('link', { name: /Measuring Affective Polarization/ }).click();
      await page.waitForURL(/\/publication\/\d+$/);
      await page.getByRole('heading', { level: 2, name: lang === 'zh' ? '引用' : 'Cite' }).waitFor();
    }
  });

  test('a table-of-contents entry scrolls to its heading', async () => {
    const list = await api<Article[]>('/api/read_article/');
    const full = await Promise.all(list.map((a) => api<Article>(`/api/read_article/?aid=${a.aid}`)));
    const withToc = full.find((a) => ((a.markdown ?? '').match(/^#{1,3} /gm)?.length ?? 0) >= 5);
    if (!withToc) throw new Error('the demo needs an article with five headings');
    const { page } = await open('en');
    await page.goto(at(`/news/${withToc.aid}`));
    await hydrated(page, 'main nav');
    const toc = page.getByRole('navigation', { name: 'Contents' });
    const entries = toc.getByRole('link');
    expect(await entries.count()).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // the last entry whose heading can reach the top of the window
    const target = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Contents"] a')];
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const fit = links.filter((a) => {
        const h = document.getElementById(decodeURIComponent(a.hash.slice(1)));
        return h && h.getBoundingClientRect().top + window.scrollY - 100 < max && h.getBoundingClientRect().top > window.innerHeight;
      });
      const a = fit.at(-1);
      return a ? { id: decodeURIComponent(a.hash.slice(1)), text: a.textContent ?? '' } : null;
    });
    if (!target) throw new Error('no heading below the first screen');
    await toc.getByRole('link', { name: target.text, exact: true }).click();
    const position = () =>
      page.evaluate((id) => {
        const heading = document.getElementById(id) as HTMLElement;
        const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return { y: window.scrollY, top: Math.round(heading.getBoundingClientRect().top), bar: Math.round(bar) };
      }, target.id);
    // smooth scrolling: wait until the heading has come to rest just below the top bar, not under it
    await expect
      .poll(
        async () => {
          const p = await position();
          return p.top >= p.bar && p.top <= p.bar + 40;
        },
        { timeout: 5000 },
      )
      .toBe(true);
    expect((await position()).y).toBeGreaterThan(400);
    expect(decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(target.id);
  });

  // -------------------------------------------------------------------------------------------
  // Login and logout

  async function logIn(page: Page, username: string, password: string, how: 'enter' | 'click' = 'click') {
    await hydrated(page, 'form');
    await expect.poll(() => page.locator('button[type="submit"]').isEnabled()).toBe(true);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    if (how === 'enter') await page.locator('input[name="password"]').press('Enter');
    else await page.locator('button[type="submit"]').click();
  }

  test.each([
    ['en', 'Login successfully', '/publication', 'Publications'],
    ['zh', '登录成功', '/people?tab=former', '成员'],
  ] as const)('login succeeds in %s, stores the session and goes to ?redirect= after 0.5 s', async (lang, message, target, heading) => {
    const { page } = await open(lang);
    await page.goto(at(`/login?redirect=${encodeURIComponent(target)}`));
    const before = Date.now() / 1000;
    await logIn(page, ADMIN.username, ADMIN.password, lang === 'en' ? 'enter' : 'click');
    const clicked = Date.now();
    await page.getByText(message, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.waitForURL((u) => `${u.pathname}${u.search}` === target);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(490);
    expect(Date.now() - clicked).toBeLessThan(5000);
    await expect.poll(() => page.locator('h1').textContent()).toBe(heading);

    const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    expect(stored).toMatchObject({ login: 'true', name: demoPerson('labadmin').name_zh, username: 'labadmin', authority: 'admin' });
    // the token is in an HttpOnly, SameSite=Strict cookie: out of reach of any script of the page
    expect(stored.token).toBeUndefined();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'lab_session');
    expect(cookie?.value).toMatch(/^\S{32,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('lab_session');
    expect(Number(stored.loginTime)).toBeGreaterThanOrEqual(Math.floor(before) - 5);
    expect(Number(stored.loginTime)).toBeLessThanOrEqual(Date.now() / 1000 + 5);
    // the top bar shows the avatar menu instead of the login icon
    await expect.poll(() => page.getByRole('button', { name: inLang(lang, '账户菜单', 'Account menu') }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: inLang(lang, '登录', 'Log in') }).count()).toBe(0);
  });

  test.each([
    ['en', 'Incorrect password.', 'The user does not exist.'],
    ['zh', '密码错误', '该用户不存在'],
  ] as const)('a wrong password and an unknown user are told apart (%s)', async (lang, wrongPassword, unknownUser) => {
    const { page } = await open(lang);
    await page.goto(at('/login'));
    await logIn(page, ADMIN.username, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(wrongPassword);
    await logIn(page, 'nobody.here', 'whatever-password', 'enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(unknownUser);
    await page.waitForTimeout(700);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionTokenOf(page)).toBeUndefined();
  });

  test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])('?redirect=%s is ignored: the login goes to /', async (target) => {
    const { page } = await open('en');
    await page.goto(at(`/login?redirect=${encodeURIComponent(target)}`));
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.getByText('Login successfully', { exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.waitForTimeout(300);
    const url = new URL(page.url());
    expect(url.origin).toBe(suite.site.url);
    expect(url.pathname).toBe('/');
    expect(await page.title()).toBe(siteSettings.lab_name_en);
  });

  test('the avatar menu opens the console and logs out: stored login cleared, token revoked', async () => {
    const { page } = await open('en');
    await page.goto(at('/login?redirect=/news'));
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/news');
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const me = () => fetch(at('/api/me/'), { headers: { authorization: `Token ${token}` } });
    expect((await me()).status).toBe(200);
    const account = page.getByRole('button', { name: 'Account menu' });
    await account.waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

    // Console opens /console
    await account.click();
    await menuItem(page, 'Console').click();
    await page.waitForURL((u) => u.pathname === '/console');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/news');
    await hydrated(page);

    await account.click();
    await menuItem(page, 'Log out').click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await account.count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await sessionTokenOf(page)).toBeUndefined();
    await expect.poll(async () => (await me()).status).toBe(401);
    // and it stays logged out after a reload
    await page.reload();
    await hydrated(page);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await account.count()).toBe(0);
  });

  // -------------------------------------------------------------------------------------------
  // Without JavaScript

  test('without JavaScript the pages show their full text and their links work', async () => {
    const publications = await api<Publication[]>('/api/read_publication/');
    const everyone = await api<Person[]>('/api/read_people/');
    const articles = await api<Article[]>('/api/read_article/');
    const full = await Promise.all(articles.map((a) => api<Article>(`/api/read_article/?aid=${a.aid}`)));
    // one with a table of contents (three headings or more)
    const article = full.find((a) => ((a.markdown ?? '').match(/^#{1,3} /gm)?.length ?? 0) >= 3);
    if (!article) throw new Error('the demo needs an article with headings');
    const { context, page } = await open('en', { javaScriptEnabled: false });
    const navLink = (name: string) => page.locator('header').getByRole('link', { name, exact: true });

    await page.goto(at('/'));
    let text = await bodyText(page);
    for (const t of [
      siteSettings.lab_name_en,
      'understanding and serving society with data and artificial intelligence',
      'Latest news',
      'Latest seminar',
      siteSettings.email,
    ])
      shows(text, t, '/');
    // the home page's link to all news items (tests/e2e/news-archive.test.ts), then the articles from the menu,
    // and a news card to its article
    await page.getByRole('link', { name: 'All news' }).click();
    await page.waitForURL(at('/news-archive'));
    await navLink('News').click();
    await page.waitForURL(at('/news'));
    text = await bodyText(page);
    for (const a of articles) shows(text, a.title, '/news');
    // (in a new tab, SPEC §2)
    const [tab] = await Promise.all([context.waitForEvent('page'), page.locator(`main a[href="/news/${article.aid}"]`).first().click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(at(`/news/${article.aid}`));
    text = await bodyText(tab);
    for (const t of [article.title, firstHeading(article.markdown ?? ''), ...article.authors]) shows(text, t, 'the article');
    // its table of contents is made of plain #links
    const entry = tab.getByRole('navigation', { name: 'Contents' }).getByRole('link').nth(2);
    const id = decodeURIComponent((await entry.getAttribute('href'))?.replace(/^#/, '') ?? '');
    await entry.click();
    await expect.poll(() => tab.evaluate(() => decodeURIComponent(location.hash.slice(1)))).toBe(id);
    expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const landed = await tab.evaluate(
      (hid) => [document.getElementById(hid)?.getBoundingClientRect().top ?? -1, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0],
      id,
    );
    expect(landed[0]).toBeGreaterThanOrEqual(landed[1]!);
    expect(landed[0]).toBeLessThanOrEqual(landed[1]! + 40);
    await tab.close();

    await navLink('People').click();
    await page.waitForURL(at('/people'));
    text = await bodyText(page);
    for (const p of everyone.filter((x) => x.status)) shows(text, p.name_en, '/people');
    await page.locator('main').getByRole('link', { name: 'Former members', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'former');
    text = await bodyText(page);
    for (const p of everyone.filter((x) => !x.status)) shows(text, p.name_en, '/people?tab=former');
    await page.locator('main').getByRole('link', { name: 'Current members', exact: true }).click();
    await page.waitForURL(at('/people'));
    const labadmin = demoPerson('labadmin');
    await page.getByRole('heading', { name: labadmin.name_en }).click();
    await page.waitForURL(at('/people/labadmin'));
    shows(await bodyText(page), '社会计算与计算社会科学', '/people/labadmin');

    await navLink('Publications').click();
    await page.waitForURL(at('/publication'));
    text = await bodyText(page);
    for (const p of publications) shows(text, p.title, '/publication');
    shows(text, `${publications.length} publications`);
    // the area filter is made of links, so it works too
    const area = publications[0]!.area_num;
    const areaName = enumLabel(areas, areas.find((a) => a.num === area)?.value ?? '', 'en');
    await page.getByRole('navigation', { name: 'Filter by area' }).getByRole('link', { name: areaName, exact: true }).click();
    await page.waitForURL((u) => u.searchParams.getAll('area').includes(String(area)));
    expect(await page.locator('main ol[reversed] > li').count()).toBe(publications.filter((p) => p.area_num === area).length);

    await navLink('Open Source').click();
    await page.waitForURL(at('/DISCOpen'));
    shows(await bodyText(page), projects[0]!.title_en, '/DISCOpen');
  });

  // -------------------------------------------------------------------------------------------
  // A phone

  test('on a 375 px wide phone the menu opens a drawer and nothing overflows sideways', async () => {
    const articles = await api<Article[]>('/api/read_article/');
    const { page } = await open('en', { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const path of [
      '/',
      '/news',
      `/news/${articles[0]!.aid}`,
      '/people',
      '/people/labadmin',
      '/people/liqinghe',
      '/curriculum',
      '/curriculum/Intro-to-AI',
      '/sharedtask',
      '/publication',
      '/publication/1',
      '/people/zhaoxinyue',
      '/DISCOpen',
      '/login',
      '/no-such-page',
    ]) {
      await page.goto(at(path));
      await networkQuiet(page);
      expect(await width(), `${path} is no wider than the screen`).toBeLessThanOrEqual(375);
    }

    await page.goto(at('/news'));
    await hydrated(page);
    // the navigation gives way to the menu button
    expect(await page.locator('header').getByRole('link', { name: 'People', exact: true }).isVisible()).toBe(false);
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    expect(await drawer.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await drawer.waitFor();
    const links = await drawer.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    // the fixed pages and each resource declared with a public part, at its declared place
    expect(links).toEqual(
      menuOf(
        Object.values(resources).flatMap((res) =>
          isPublicResource(res) ? [{ key: res.name, href: publicListPath(res), order: res.public.nav.order, label: res.public.nav.label.en }] : [],
        ),
      ).map((e) => [e.label ?? translate('en', `nav.${e.key}`), e.href]),
    );
    expect(links).toContainEqual(['Open Source', '/DISCOpen']);
    for (const l of await drawer.getByRole('link').all()) expect(await l.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Publications' }).click();
    await page.waitForURL(at('/publication'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Publications');
    expect(await drawer.isVisible()).toBe(false);
    expect(await width()).toBeLessThanOrEqual(375);
  });

  // -------------------------------------------------------------------------------------------
  // The top bar

  test('the top bar is transparent on the home page until scrolled past max(width / 3, 200 px)', async () => {
    const solidColor = 'rgb(30, 79, 145)';
    const { page } = await open('en');
    const bar = () => page.evaluate(() => getComputedStyle(document.querySelector('header') as HTMLElement).backgroundColor);
    const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
    await page.goto(at('/'));
    await hydrated(page);
    expect(transparent(await bar()), await bar()).toBe(true);
    const threshold = await page.evaluate(() => Math.max(window.innerWidth / 3, 200));
    expect(threshold).toBeCloseTo(1280 / 3);

    await page.evaluate((y) => window.scrollTo(0, y), threshold - 20);
    await page.waitForTimeout(400);
    expect(transparent(await bar()), await bar()).toBe(true);
    await page.evaluate((y) => window.scrollTo(0, y), threshold + 40);
    await expect.poll(bar).toBe(solidColor);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => transparent(await bar())).toBe(true);

    // a narrow window: the 200 px floor applies
    await page.setViewportSize({ width: 450, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 180));
    await page.waitForTimeout(400);
    expect(transparent(await bar()), await bar()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 230));
    await expect.poll(bar).toBe(solidColor);

    // other pages: solid from the start
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(at('/news'));
    expect(await bar()).toBe(solidColor);
    await hydrated(page);
    await page.waitForTimeout(400);
    expect(await bar()).toBe(solidColor);
  });

  // -------------------------------------------------------------------------------------------
  // Hostile personal pages

  const payloadHtml = [
    '<p id="hostile-marker">Hostile HTML page</p>',
    '<script>window.__pwned=1</script>',
    '<img src=x onerror="window.__pwned=1">',
    '<a id="hostile-link" href="javascript:window.__pwned=1">x</a>',
    '<a id="hostile-link2" href="&#106;avascript:window.__pwned=1">y</a>',
    '<svg onload="window.__pwned=1"></svg>',
    '<iframe src="javascript:window.__pwned=1"></iframe>',
    '<details open ontoggle="window.__pwned=1"><summary>s</summary></details>',
    '<p>after <b>payload</b></p>',
  ].join('\n');
  const payloadMarkdown = [
    '# Hostile markdown page',
    '',
    '<script>window.__pwned=1</script>',
    '',
    '<img src=x onerror="window.__pwned=1">',
    '',
    '[click me](javascript:window.__pwned=1)',
    '',
    '<a href="javascript:window.__pwned=1">raw link</a>',
    '',
    'after **payload**',
  ].join('\n');

  async function assertHarmless(page: Page) {
    // give error handlers and loaded frames the time to run
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const dom = await page.evaluate(() => ({
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__pwned')).length,
      handlers: [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`),
      ),
      jsUrls: [...document.querySelectorAll('[href], [src], [action], [formaction]')].filter((el) =>
        ['href', 'src', 'action', 'formaction'].some((n) => /^\s*javascript:/i.test(el.getAttribute(n) ?? '')),
      ).length,
      frames: document.querySelectorAll('.rich iframe, .rich svg, .rich object, .rich embed').length,
    }));
    expect(dom).toEqual({ scripts: 0, handlers: [], jsUrls: 0, frames: 0 });
  }

  test('raw-HTML and markdown personal pages never run the HTML of their author', async () => {
    const token = await adminToken();
    await createPerson(token, {
      uid: 'E2E-HOSTILE-1',
      username: 'hostile.html',
      name_zh: '恶意网页',
      name_en: 'Hostile Html',
      password: 'hostile-password',
      password2: 'hostile-password',
      type: 'master',
      link_type: '2',
      link2: payloadHtml,
    });
    await createPerson(token, {
      uid: 'E2E-HOSTILE-2',
      username: 'hostile.md',
      name_zh: '恶意文本',
      name_en: 'Hostile Markdown',
      password: 'hostile-password',
      password2: 'hostile-password',
      type: 'master',
      link_type: '1',
      link1: payloadMarkdown,
    });

    const { page } = await open('en');
    // loaded directly (server-rendered)
    await page.goto(at('/people/hostile.html'));
    await hydrated(page);
    expect(await page.title()).toBe(`${siteSettings.lab_name_en} - Hostile Html`);
    shows(await bodyText(page), 'Hostile HTML page');
    shows(await bodyText(page), 'after payload');
    await page.locator('.rich a', { hasText: 'x' }).click();
    await page.locator('.rich a', { hasText: 'y' }).click();
    await assertHarmless(page);
    expect(new URL(page.url()).pathname).toBe('/people/hostile.html');

    await page.goto(at('/people/hostile.md'));
    await hydrated(page);
    shows(await bodyText(page), 'Hostile markdown page');
    shows(await bodyText(page), 'after payload');
    await page.getByText('click me').click();
    await assertHarmless(page);

    // reached from the people page (rendered in the browser from loader data)
    for (const [name, marker] of [
      ['Hostile Html', 'Hostile HTML page'],
      ['Hostile Markdown', 'Hostile markdown page'],
    ] as const) {
      await page.goto(at('/people'));
      await hydrated(page, 'main');
      await page.getByRole('heading', { name }).click();
      await page.getByText(marker).waitFor();
      const links = page.locator('.rich a');
      for (let i = 0; i < (await links.count()); i++) await links.nth(i).click();
      await assertHarmless(page);
    }
  });
});
