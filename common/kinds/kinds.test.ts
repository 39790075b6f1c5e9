import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldDef, FieldKind, FieldMap } from '../fields.ts';
import { resources, site } from '../resources/index.ts';
import { kinds, valueText } from './index.ts';

// The kinds' table: every kind reads back what it stores, has an empty value its wire schema accepts, and is
// shown as text one way everywhere (public cards, the console's list, History); and what a kind does stays
// in the kinds' modules.

const label = { zh: '字段', en: 'Field' };
const def = (kind: FieldKind, extra: Partial<FieldDef> = {}): FieldDef => ({ kind, label, ...extra });

describe('every field kind', () => {
  const every = Object.keys(kinds) as FieldKind[];

  it.each(every)('%s: its empty value is one its read answers (or it is never answered)', (kind) => {
    // an empty moment is NULL, as every declared one says (nullable)
    const extra: Partial<Record<FieldKind, Partial<FieldDef>>> = {
      enum: { options: [{ value: 'a', num: 1, zh: '甲', en: 'A' }] },
      instant: { nullable: true },
    };
    const d = def(kind, extra[kind]);
    const wire = kinds[kind].wire(d);
    if (kinds[kind].secret) return expect(wire).toBeUndefined();
    const empty = kinds[kind].empty(d);
    // an enum has no empty option: its wire schema names the options only
    if (kind === 'enum') return expect(empty).toBe('');
    expect(wire?.safeParse(empty).success, `${kind} empty ${JSON.stringify(empty)}`).toBe(true);
  });

  it.each(every)('%s: a value stored is read back as sent', (kind) => {
    const sample: Partial<Record<FieldKind, unknown>> = {
      bool: true,
      int: 7,
      list: ['a', 'b'],
      people: ['pid:3', 'Wang Fang'],
      instant: '2026-01-02T03:04:05.000Z',
    };
    const value = sample[kind] ?? 'x';
    expect(kinds[kind].read(kinds[kind].store(value))).toEqual(value);
  });

  it('a value as text: an enum by its label, a switch by its state, a moment as Beijing time, a choice by its label', () => {
    const options = [{ value: 'national', num: 1, zh: '国家级', en: 'National' }];
    expect(valueText(def('enum', { options }), 'national', 'zh')).toBe('国家级');
    expect(valueText(def('bool'), true, 'en')).toBe('✓');
    expect(valueText(def('bool'), false, 'en')).toBe('✗');
    const states = { on: { zh: '已发布', en: 'Published' }, off: { zh: '未发布', en: 'Unpublished' } };
    expect(valueText(def('bool', { states }), 0, 'zh')).toBe('未发布');
    expect(valueText(def('instant'), '2026-01-02T03:04:05.000Z', 'en')).toBe('2026-01-02 11:04');
    const choices = [{ num: 2, zh: '二', en: 'Two' }];
    expect(valueText(def('int', { widget: 'choice', choices }), 2, 'en')).toBe('Two');
    expect(valueText(def('list'), ['a', 'b'], 'en')).toBe('a, b');
    expect(valueText(def('text'), null, 'en')).toBe('');
  });

  it('every declared field has a kind of the table', () => {
    for (const res of [...Object.values(resources), site])
      for (const [name, d] of Object.entries(res.fields as FieldMap)) expect(kinds[d.kind], `${res.name}.${name}`).toBeDefined();
  });
});

describe('what a kind does lives in its modules', () => {
  // `.kind === 'bool'`, `case 'bool':` and the like, for a field kind, outside common/kinds, server/kinds and
  // app/console/kinds (a few are other kinds of the same names: a derived value's, a list column's)
  const roots = ['common', 'server', 'app', 'cli'];
  const names = Object.keys(kinds).join('|');
  const branch = new RegExp(`kind (?:===|!==) '(?:${names})'|case '(?:${names})'`, 'g');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'kinds' || e.name === 'node_modules' ? [] : files(p);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
    });

  it('at most 15 branches on a field kind outside the kinds modules, none for a file or an image', () => {
    const found = roots.flatMap((r) => files(r)).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(branch)].map((m) => `${f}: ${m[0]}`));
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(15);
    expect(found.filter((b) => /'(?:file|image)'/.test(b))).toEqual([]);
  });
});
