import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type WireRow, wireSchema } from './resource.ts';
import { article, person, resources, type seminar } from './resources/index.ts';

// The wire of a declaration: WireRow (types) and wireSchema (run time) say the same, from the declaration.

describe('a record as a read answers it', () => {
  it.each(Object.values(resources))('$name: the id, every field but passwords, enum numbers and the derived values', (res) => {
    const fields = Object.entries(res.fields);
    const expected = [
      res.id,
      ...fields.filter(([, d]) => d.kind !== 'password').map(([n]) => n),
      ...fields.flatMap(([, d]) => (d.kind === 'enum' && d.numField ? [d.numField] : [])),
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
