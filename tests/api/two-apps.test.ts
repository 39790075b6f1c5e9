import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../common/resource.ts';
import { createCrud } from '../../server/services/crud.ts';
import { type Registered, registry } from '../../server/registry.ts';
import { makeApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { fieldErrors } from '../fixtures/world.ts';

// What an app learns at start from what it serves (its topics, its pages' parameters, its search kinds, the
// usernames its pages reserve) belongs to that app: two apps built in one process, one serving a resource of
// its own under /lab, keep theirs apart.

const prize = defineResource({
  name: 'prize',
  label: { zh: '奖项', en: 'Prizes' },
  table: 'prize',
  id: 'zid',
  path: '/api/prize/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '名称（中文）', en: 'Title (Chinese)' }, required: true, max: 200 },
    level: {
      kind: 'enum',
      label: { zh: '级别', en: 'Level' },
      options: [
        { value: 'national', num: 1, zh: '国家级', en: 'National' },
        { value: 'provincial', num: 2, zh: '省部级', en: 'Provincial' },
      ],
    },
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['zid', 'title_zh'],
  orderBy: [['zid', 'desc']],
  public: {
    segment: 'prizes',
    nav: { label: { zh: '获奖', en: 'Prizes' }, order: 55 },
    fields: ['title_zh', 'level'],
    filters: ['level'],
    title: 'title_zh',
  },
});
const prizes: Registered = { crud: createCrud(prize), routes: 'generic', update: 'record' };

describe('two apps in one process', () => {
  let withPrizes: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    withPrizes = await makeApp('sqlite', { BASE_PATH: '/lab' }, { resources: [...registry, prizes] });
    plain = await makeApp('sqlite');
  });
  afterAll(async () => {
    await withPrizes?.close();
    await plain?.close();
  });

  it('each has the topics of what it serves', () => {
    expect(withPrizes.app.lab.changes.topics).toContain('prize');
    expect(plain.app.lab.changes.topics).not.toContain('prize');
    expect(plain.app.lab.changes.isTopic('prize')).toBe(false);
  });

  it('each reads the parameters of its own pages', () => {
    const query = new URLSearchParams('page=2&level=national&utm_source=x');
    expect(withPrizes.app.lab.pageParams('/prizes', query)).toEqual({ level: 'national', page: '2' });
    expect(plain.app.lab.pageParams('/prizes', query)).toEqual({});
    expect(plain.app.lab.pageParams('/news', query)).toEqual({ page: '2' });
  });

  it('each searches the kinds of what it serves', async () => {
    expect(withPrizes.app.lab.resultKinds).toContain('prize');
    expect(plain.app.lab.resultKinds).not.toContain('prize');
    expect(withPrizes.app.lab.pageParams('/search', new URLSearchParams('kind=prize'))).toMatchObject({ kind: 'prize' });
    expect(plain.app.lab.pageParams('/search', new URLSearchParams('kind=prize'))).toMatchObject({ kind: '' });
    const asked = await withPrizes.app.inject({ url: '/lab/api/search/?q=x&kind=prize' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ kind: 'prize', counts: { prize: 0, news: 0 } });
    expect((await plain.app.inject({ url: '/api/search/?q=x&kind=prize' })).statusCode).toBe(400);
    const counts = (await plain.app.inject({ url: '/api/search/?q=x' })).json().counts;
    expect(counts).toHaveProperty('news');
    expect(counts).not.toHaveProperty('prize');
  });

  it('each refuses the usernames its own pages take, and only those', async () => {
    const admin = async ({ app }: TestApp, base: string) => {
      const csrf = await app.inject({ url: `${base}/api/csrf/` });
      const cookie = csrf.cookies.find((c) => c.name === 'csrftoken')?.value as string;
      const login = await app.inject({
        method: 'POST',
        url: `${base}/api/login/`,
        headers: { 'content-type': 'application/json', cookie: `csrftoken=${cookie}`, 'x-csrftoken': cookie },
        payload: JSON.stringify({ username: 'admin', password: 'admin-password' }),
      });
      return new Client(app, login.json().token);
    };
    const person = (username: string) => ({
      uid: `U-${username}`,
      username,
      name_zh: '某人',
      name_en: 'Someone',
      password: 'a quiet harbour at dawn',
      password2: 'a quiet harbour at dawn',
    });
    const there = await admin(withPrizes, '/lab');
    const here = await admin(plain, '');
    expect(fieldErrors(await there.send('POST', '/lab/api/people/', person('Prizes')))).toEqual({ username: ['this username is reserved'] });
    expect((await here.send('POST', '/api/people/', person('Prizes'))).statusCode).toBe(200);
    // the site's own paths and the registry's public pages are reserved in both
    for (const username of ['search', 'awards']) {
      expect(fieldErrors(await there.send('POST', '/lab/api/people/', person(username)))).toEqual({ username: ['this username is reserved'] });
      expect(fieldErrors(await here.send('POST', '/api/people/', person(username)))).toEqual({ username: ['this username is reserved'] });
    }
  });

  it('each keeps its own BASE_PATH', () => {
    expect(withPrizes.app.lab.config.basePath).toBe('/lab');
    expect(plain.app.lab.config.basePath).toBe('');
  });
});
