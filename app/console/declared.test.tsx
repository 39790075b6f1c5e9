import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { released } from '../../common/resources/flags.ts';
import { columnsOf, type Row } from './columns.tsx';
import { consoleNav, navOf } from './nav.ts';

// A console screen follows from its declaration alone. A resource declared
// only here (a prize) gets its drawer entry, address, title, icon and admin flag, and its list's columns
// are drawn by field kind, with nothing written for it in app/.

const award = defineResource({
  name: 'prize',
  label: { zh: '奖项', en: 'Awards' },
  table: 'prize',
  id: 'wid',
  path: '/api/prize/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '名称（中文）', en: 'Title (Chinese)' }, required: true },
    title_en: { kind: 'text', label: { zh: '名称（英文）', en: 'Title (English)' } },
    level: {
      kind: 'enum',
      label: { zh: '级别', en: 'Level' },
      options: [
        { value: 'national', num: 1, zh: '国家级', en: 'National' },
        { value: 'provincial', num: 2, zh: '省部级', en: 'Provincial' },
      ],
    },
    release: released(false),
    photo: { kind: 'image', label: { zh: '照片', en: 'Photo' } },
    link: { kind: 'url', label: { zh: '链接', en: 'Link' } },
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: [
    { key: 'title', bilingual: true, label: { zh: '名称', en: 'Title' }, title: true },
    'level',
    'release',
    'photo',
    'link',
    { key: 'code', opens: true },
    { key: 'granted', kind: 'instant', label: { zh: '授予时间', en: 'Granted' } },
    { key: 'title_en', with: 'title_zh', label: { zh: '双语', en: 'Both' } },
  ],
  publicPath: (row) => (typeof row.code === 'string' ? `/awards/${row.code}` : undefined),
  orderBy: [['wid', 'desc']],
  console: { icon: 'award', editor: 'dialog', toggles: ['release'] },
});

const html = (node: unknown) => renderToStaticMarkup(<>{node as React.ReactNode}</>);

describe('the console drawn from declarations', () => {
  it('gives a declared screen its drawer entry, address, icon and admin flag, after the declared screens before it', () => {
    const nav = navOf([...Object.values(resources), award]);
    const entry = nav.find((i) => i.key === 'prize');
    expect(entry).toMatchObject({ path: '/console/prize', admin: true, icon: 'award' });
    // declared screens follow home in the registry's order; the screens of their own come after them
    const keys = nav.map((i) => i.key);
    const lastDeclared = Object.values(resources)
      .filter((r) => r.console && r.console.drawer !== false)
      .at(-1)?.name;
    expect(keys.indexOf('prize')).toBe(keys.indexOf(String(lastDeclared)) + 1);
    expect(keys.indexOf('prize')).toBeLessThan(keys.indexOf('data'));
    // without a console view there is no screen
    expect(navOf([{ ...award, console: undefined }]).some((i) => i.key === 'prize')).toBe(false);
    // nor for a list shown within a screen of its own (the site content's pages and showcase)
    expect(navOf([{ ...award, console: { icon: 'award', editor: 'dialog', drawer: false } }]).some((i) => i.key === 'prize')).toBe(false);
  });

  it("keeps SPEC §2's addresses and drawer order for the lab's own screens", () => {
    // a resource added later adds its entry; SPEC's screens keep their addresses and order
    const spec = [
      '/console',
      '/console/people',
      '/console/article',
      '/console/publication',
      '/console/news',
      '/console/seminar',
      '/console/data',
      '/console/info',
      '/console/site',
      '/console/profile',
      '/console/private_image',
      '/console/private_data',
      '/console/private_time',
    ];
    expect(consoleNav.map((i) => i.path).filter((p) => spec.includes(p))).toEqual(spec);
    // only administrators may read people, news and seminars: only they see them (SPEC §2)
    const admin = new Set(consoleNav.filter((i) => i.admin).map((i) => i.key));
    for (const key of ['person', 'news', 'seminar', 'site', 'activity', 'trash']) expect(admin.has(key), key).toBe(true);
    for (const key of ['home', 'article', 'publication', 'data', 'info', 'profile', 'private_image', 'private_data', 'private_time'])
      expect(admin.has(key), key).toBe(false);
  });

  it('heads the columns with the field labels and draws each cell by its kind', () => {
    const columns = columnsOf(award, 'en');
    expect(columns.map((c) => c.label)).toEqual(['Title', 'Level', 'Published', 'Photo', 'Link', 'code', 'Granted', 'Both']);
    expect(columns.filter((c) => c.title).map((c) => c.key)).toEqual(['title']);
    const row: Row = {
      wid: 3,
      title_zh: '',
      title_en: 'Best paper',
      level: 'provincial',
      release: true,
      photo: '/upload/a.png',
      link: 'https://example.org/a',
      granted: '2026-05-04T03:02:00.000Z',
      code: 'best-paper',
    };
    const cell = (key: string, r = row, lang: 'zh' | 'en' = 'en') =>
      html(
        columnsOf(award, lang)
          .find((c) => c.key === key)
          ?.render?.(r),
      );
    // the reader's language, else the other
    expect(cell('title')).toBe('Best paper');
    expect(cell('title', row, 'zh')).toBe('Best paper');
    expect(cell('title', { ...row, title_zh: '最佳论文' }, 'zh')).toBe('最佳论文');
    expect(cell('title', { ...row, title_zh: '最佳论文' }, 'en')).toBe('Best paper');
    expect(cell('level')).toBe('Provincial');
    expect(cell('level', row, 'zh')).toBe('省部级');
    expect(cell('release')).toContain('>Published<');
    expect(cell('release', { ...row, release: false }, 'zh')).toContain('>未发布<');
    expect(cell('photo')).toMatch(/<img[^>]+src="\/upload\/a.png"/);
    expect(cell('photo', { ...row, photo: '' })).toBe('—');
    expect(cell('link')).toMatch(/<a[^>]+href="https:\/\/example.org\/a"[^>]+rel="noopener"/);
    expect(cell('granted')).toMatch(/^2026-05-0[34] \d\d:02$/);
    expect(cell('title_en')).toBe('Best paper / ');
    // a link to the record's public page, where it has one
    expect(cell('code')).toMatch(/<a[^>]+href="\/awards\/best-paper"[^>]+target="_blank"[^>]*>best-paper</);
    expect(cell('code', { ...row, code: null })).toBe('');
  });
});
