import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  defineResource,
  isPublicResource,
  publicListPath,
  publicPageOf,
  publicProjection,
  publicReadPath,
  publicSchema,
  publicSegments,
  type WireRow,
  wireSchema,
} from './resource.ts';
import { article, person, resources, type seminar } from './resources/index.ts';

// The wire of a declaration: WireRow (types) and wireSchema (run time) say the same, from the declaration.

describe('a record as a read answers it', () => {
  it.each(Object.values(resources))('$name: the id, every field but passwords, enum numbers, file addresses and the derived values', (res) => {
    const fields = Object.entries(res.fields);
    const expected = [
      res.id,
      ...fields.filter(([, d]) => d.kind !== 'password').map(([n]) => n),
      ...fields.flatMap(([, d]) => (d.kind === 'enum' && d.numField ? [d.numField] : [])),
      ...fields.flatMap(([n, d]) => (d.kind === 'file' ? [`${n}_url`] : [])),
      ...Object.keys(res.derived ?? {}),
    ];
    expect(Object.keys(wireSchema(res).shape).sort()).toEqual(expected.sort());
  });

  it('types each value by its kind, and the schema agrees', () => {
    type Seminar = WireRow<typeof seminar>;
    expectTypeOf<Seminar['sid']>().toEqualTypeOf<number>();
    expectTypeOf<Seminar['title_en']>().toEqualTypeOf<string>();
    expectTypeOf<Seminar['room_type']>().toEqualTypeOf<'Tencent meeting' | 'Zoom meeting'>();
    expectTypeOf<Seminar['room_type_str']>().toEqualTypeOf<string>();
    expectTypeOf<Seminar['image_url']>().toEqualTypeOf<string | null>();
    // the schema's type and WireRow are one type, each assignable to the other
    type Parsed = z.infer<ReturnType<typeof wireSchema<typeof seminar>>>;
    expectTypeOf<Parsed>().toExtend<Seminar>();
    expectTypeOf<Seminar>().toExtend<Parsed>();

    type Person = WireRow<typeof person>;
    expectTypeOf<Person>().not.toHaveProperty('password');
    expectTypeOf<Person['status']>().toEqualTypeOf<boolean>();
    expectTypeOf<Person['entrance']>().toEqualTypeOf<number | null>();
    expectTypeOf<Person['link_type']>().toEqualTypeOf<number>();
    expectTypeOf<Person['type_num']>().toEqualTypeOf<number>();

    type Article = WireRow<typeof article>;
    expectTypeOf<Article['authors']>().toEqualTypeOf<string[]>();
    expectTypeOf<Article['slug']>().toEqualTypeOf<string | null>();
    expectTypeOf<Article['time3']>().toEqualTypeOf<string | null>();
    expectTypeOf<Article['publish_at']>().toEqualTypeOf<string | null>();

    const wire = wireSchema(article);
    const read = { ...Object.fromEntries(Object.keys(wire.shape).map((k) => [k, ''])), aid: 1, type: 'paper reading', type_num: 4 };
    const typed = {
      ...read,
      authors: [],
      authors_index: [],
      editors: [],
      release: true,
      slug: null,
      image_url: null,
      publish_at: null,
      time1: '2026-01-01T00:00:00.000Z',
    };
    expect(wire.safeParse({ ...typed, time2: typed.time1, time3: null }).success).toBe(true);
    expect(wire.safeParse({ ...typed, time2: typed.time1, time3: null, created_by: 1 }).success).toBe(false);
    expect(wire.safeParse({ ...typed, time2: typed.time1, time3: null, release: 1 }).success).toBe(false);
    // a publish time is a moment with its offset, or none
    expect(wire.safeParse({ ...typed, time2: typed.time1, time3: null, publish_at: '2026-12-01T01:00:00.000Z' }).success).toBe(true);
    expect(wire.safeParse({ ...typed, time2: typed.time1, time3: null, publish_at: '2026-12-01 09:00' }).success).toBe(false);
    expect(wireSchema(person).shape.entrance.safeParse(null).success).toBe(true);
    expect(wireSchema(person).shape.link_type.safeParse(null).success).toBe(false);
  });
});

describe('a public part', () => {
  const prize = defineResource({
    name: 'prize',
    label: { zh: '奖项', en: 'Prizes' },
    table: 'prize',
    id: 'zid',
    path: '/api/prize/',
    fields: {
      title_zh: { kind: 'text', label: { zh: '名称', en: 'Title (Chinese)' }, required: true },
      title_en: { kind: 'text', label: { zh: '英文名称', en: 'Title (English)' } },
      level: {
        kind: 'enum',
        label: { zh: '级别', en: 'Level' },
        numField: 'level_num',
        options: [
          { value: 'national', num: 1, zh: '国家级', en: 'National' },
          { value: 'other', num: 2, zh: '其他', en: 'Other' },
        ],
      },
      note: { kind: 'text', label: { zh: '备注', en: 'Note' } },
      release: { kind: 'bool', label: { zh: '发布', en: 'Released' }, default: false },
    },
    access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
    listColumns: ['zid'],
    orderBy: [['zid', 'desc']],
    public: {
      segment: 'Prizes',
      nav: { label: { zh: '获奖', en: 'Prizes' }, order: 55 },
      fields: ['title_zh', 'title_en', 'level'],
      releasedBy: 'release',
      title: 'title',
    },
  });
  const row = { zid: 3, title_zh: '奖', title_en: '', level: 'national', level_num: 1, note: 'secret', release: true, extra: 'x' };

  it('filters a record to its projection: the id, the named fields and an enum’s number, nothing else', () => {
    if (!isPublicResource(prize)) throw new Error('declared public');
    expect(publicProjection(prize, row)).toEqual({ zid: 3, title_zh: '奖', title_en: '', level: 'national', level_num: 1 });
    expect(Object.keys(publicSchema(prize).shape).sort()).toEqual(['level', 'level_num', 'title_en', 'title_zh', 'zid']);
    expect(publicSchema(prize).safeParse(publicProjection(prize, row)).success).toBe(true);
  });

  it('names its pages, its read and its reserved segment, and links a public record only', () => {
    if (!isPublicResource(prize)) throw new Error('declared public');
    expect(publicReadPath(prize)).toBe('/api/read_prize/');
    expect(publicListPath(prize)).toBe('/Prizes');
    expect(publicSegments([prize])).toEqual(['prizes']);
    expect(publicPageOf(prize, row)).toBe('/Prizes/3');
    expect(publicPageOf(prize, { ...row, release: false })).toBeUndefined();
  });
});

describe('the release switch', () => {
  it('starts published wherever it is a plain switch (projects, awards, patents, openings…)', () => {
    // a publishing control (Draft / Publish now / Schedule at) shows its choice in the editor: articles and news
    // start as drafts there, as SPEC's article flow publishes a written draft
    const plain = Object.values(resources).filter(
      (res) => 'release' in res.fields && !Object.values(res.fields as Record<string, { widget?: string }>).some((f) => f.widget === 'publishing'),
    );
    expect(plain.map((res) => res.name)).toEqual(expect.arrayContaining(['project', 'award', 'patent', 'opening']));
    for (const res of plain) expect((res.fields as Record<string, { default?: unknown }>).release?.default, res.name).toBe(true);
  });
});
