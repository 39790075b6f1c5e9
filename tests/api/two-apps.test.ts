import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../common/resource.ts';
import { createCrud } from '../../server/services/crud.ts';
import { type Registered, registry } from '../../server/registry.ts';
import { makeApp, type TestApp } from '../helpers/app.ts';

// What an app learns at start from what it serves (its topics, its pages' parameters) belongs to that app:
// two apps built in one process, one serving a resource of its own under /lab, keep theirs apart.

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

  it('each keeps its own BASE_PATH', () => {
    expect(withPrizes.app.lab.config.basePath).toBe('/lab');
    expect(plain.app.lab.config.basePath).toBe('');
  });
});
