import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FieldDef, textFormats } from '../../common/fields.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { t as message } from '../../common/messages.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { person } from '../../common/resources/index.ts';
import { loose } from '../../server/db/schema.ts';
import { type Registered, registry } from '../../server/registry.ts';
import { mediaKeyOf, type StoredFile } from '../../server/services/media.ts';
import { bucketOf } from '../../server/storage/file-columns.ts';
import type { AppSetup, Dialect } from '../helpers/app.ts';
import { type Client, type Part, type RawPart, sendRaw } from '../helpers/client.ts';
import { documentFixtures, type ImageFixture, imageFixtures, type UploadFixture } from '../fixtures/uploads.ts';
import { createdId, fieldErrors, makeWorld, unique, type World } from '../fixtures/world.ts';

// One suite over the declared resources: what each declaration says (fields, kinds, required,
// limits, enumerations) is what its API accepts, stores, returns and refuses.

type Fields = Record<string, string>;

type Case = {
  res: ResourceDef;
  /** Derived display fields a read carries besides the declared ones (DESIGN "Read shapes"). */
  derived: readonly string[];
  /** Info pages are updated by PUT of the whole list (JSON), the others by PUT ?{id}= (multipart). */
  updateByList: boolean;
};

// Every registered resource (server/registry.ts) but people, whose passwords, types and profile calls
// have a suite of their own (tests/api/people.test.ts).
const caseOf = (r: Registered): Case => ({ res: r.crud.res, derived: Object.keys(r.crud.res.derived ?? {}), updateByList: r.update === 'list' });
export const cases: Case[] = registry.filter((r) => r.crud.res !== person).map(caseOf);

const fieldsOf = (res: ResourceDef) => Object.entries(res.fields) as [string, FieldDef][];
/** The fields that take an uploaded file (images and publication files). */
const fileFields = (res: ResourceDef) =>
  fieldsOf(res)
    .filter(([, d]) => d.kind === 'image' || d.kind === 'file')
    .map(([n]) => n);

/** A valid value for every field the declaration has but its files and images (`uploads` has those). */
function sample(res: ResourceDef, variant: 0 | 1): Fields {
  const n = unique();
  const out: Fields = {};
  let timeIndex = 0;
  for (const [name, def] of fieldsOf(res)) {
    switch (def.kind) {
      case 'text':
        // a text of a declared format has it (a DOI); others say whose they are
        out[name] = def.format ? `${textFormats[def.format].example}.${n}.${variant}` : `t${n}-${name.replaceAll('_', '-')}-${variant}`;
        break;
      case 'longtext':
        out[name] = `# ${name} ${n}\n\nSome *markdown* or <b>HTML</b> ${variant}\n`;
        break;
      case 'url':
        out[name] = `https://example.org/${name}/${n}`;
        break;
      case 'email':
        out[name] = `person${n}@example.org`;
        break;
      case 'date':
        out[name] = variant === 0 ? '2024-05-06' : '2024-06-07';
        break;
      case 'time':
        out[name] = `${String(9 + 2 * timeIndex++).padStart(2, '0')}:${variant === 0 ? '00' : '15'}`;
        break;
      case 'instant':
        // a moment that has come, as stored (UTC); tests/api/publish-at.test.ts has moments to come and other offsets
        out[name] = variant === 0 ? '2024-05-06T01:30:00.000Z' : '2024-06-07T10:15:30.500Z';
        break;
      case 'bool':
        out[name] = variant === 0 ? 'true' : 'false';
        break;
      case 'int':
        // an int that refers to a record is left out: which records exist is the test's (tests/api/person-refs.test.ts)
        if (!def.refers) out[name] = String(Math.min(def.max ?? 2020, Math.max(def.min ?? 0, 2020 + variant)));
        break;
      case 'enum': {
        const options = def.options ?? [];
        out[name] = (options[(1 + variant) % options.length] as { value: string }).value;
        break;
      }
      case 'list':
        // a list that refers to records is left out, as an int that does (tests/api/projects.test.ts)
        if (def.refers) break;
        // two items (a list of one per author has as many as the author list)
        out[name] = JSON.stringify(def.format ? [textFormats[def.format].example, textFormats[def.format].example] : [`Ann ${n}`, `Bo ${n}`]);
        break;
      case 'people':
        // a name of someone outside the lab, and a member by username (stored as the member's id)
        out[name] = JSON.stringify([textFormats.person_ref.example, '@admin']);
        break;
      default:
        break; // password, image, file
    }
  }
  return out;
}

/** One image or file field's upload: a real file of tests/fixtures/uploads/, under the name it is sent as. */
type Upload = { field: string; def: FieldDef; fixture: UploadFixture | ImageFixture; name: string };

/**
 * A real upload for every image and file field: pictures at least the declared minimum, documents with
 * bytes of their own in each field. Variant 1 sends another file than variant 0 in every field.
 */
function uploads(res: ResourceDef, variant: 0 | 1): Upload[] {
  const images = fieldsOf(res).filter(([, d]) => d.kind === 'image');
  const files = fieldsOf(res).filter(([, d]) => d.kind === 'file');
  return [
    ...images.map(([field, def], i) => {
      const fixture = imageFixtures[(i + variant) % imageFixtures.length] as ImageFixture;
      const min = def.image ?? { minWidth: 1, minHeight: 1 };
      expect(fixture.width >= min.minWidth && fixture.height >= min.minHeight, `${fixture.name} is large enough for ${res.name}.${field}`).toBe(true);
      return { field, def, fixture, name: fixture.name };
    }),
    // named after their field, so no two fields of a record are sent the same name
    ...files.map(([field, def], i) => {
      const fixture = documentFixtures[(i + variant) % documentFixtures.length] as UploadFixture;
      return { field, def, fixture, name: `${field}-${fixture.name}` };
    }),
  ];
}

/** The uploads as multipart file parts. */
const fileParts = (sent: Upload[]): Record<string, Part> =>
  Object.fromEntries(sent.map((u) => [u.field, { file: u.fixture.data, name: u.name, type: u.fixture.type }]));

/** What a download is labelled, by extension: a PDF opens as one, a CSV as plain text (never as a page). */
const servedType: Record<string, string> = { pdf: 'application/pdf', csv: 'text/plain; charset=utf-8' };

/** Line ends as multipart/form-data carries text (FormData sends CRLF, as browsers do). */
const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');

/** Checks a read against what was sent, field by field, with SPEC §3's JSON types. */
function expectStored(res: ResourceDef, sent: Fields, got: Record<string, unknown>, multipart = true) {
  for (const [name, value] of Object.entries(sent)) {
    const def = res.fields[name];
    if (!def) continue;
    switch (def.kind) {
      case 'bool':
        expect(got[name], name).toBe(value === 'true');
        break;
      case 'int':
        expect(got[name], name).toBe(Number(value));
        break;
      case 'people': {
        // as stored: a member named by username is kept by id
        const list = got[name] as string[];
        expect(list[0], name).toBe(textFormats.person_ref.example);
        expect(list[1], name).toMatch(/^pid:[1-9]\d*$/);
        break;
      }
      case 'list': {
        const list = got[name];
        expect(Array.isArray(list), `${name} is an array`).toBe(true);
        expect((list as string[]).slice(0, JSON.parse(value).length), name).toEqual(JSON.parse(value));
        break;
      }
      case 'longtext':
        expect(got[name], name).toBe(multipart ? crlf(value) : value);
        break;
      default:
        expect(got[name], name).toBe(value.trim());
    }
    if (def.kind === 'enum' && def.numField) {
      const entry = def.options?.find((o) => o.value === value);
      expect(got[def.numField], def.numField).toBe(entry?.num);
    }
  }
}

/** The declared fields (and enum twins) of a read, for before/after comparisons. */
function declared(res: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { [res.id]: row[res.id] };
  for (const [name, def] of fieldsOf(res)) {
    out[name] = row[name];
    if (def.numField) out[def.numField] = row[def.numField];
  }
  return out;
}

const requiredWithoutDefault = (res: ResourceDef) =>
  fieldsOf(res)
    .filter(([, d]) => d.required && d.default === undefined)
    .map(([n]) => n);
const requiredWithDefault = (res: ResourceDef) => fieldsOf(res).filter(([, d]) => d.required && d.default !== undefined);
/** The field an update clears: the first optional markdown/HTML or link field, else the first optional one-line text. */
const clearable = (res: ResourceDef) => {
  const optional = fieldsOf(res).filter(([, d]) => !d.required && d.default === undefined);
  return (optional.find(([, d]) => d.kind === 'longtext' || d.kind === 'url') ?? optional.find(([, d]) => d.kind === 'text'))?.[0] as string;
};
/** The field an update changes: the first required one-line text. */
const changeable = (res: ResourceDef) => fieldsOf(res).find(([, d]) => d.required && d.kind === 'text')?.[0] as string;

type Invalid = { label: string; field: string; value: string; omit?: string; message: (lang: 'en' | 'zh') => string | RegExp };

const notAnOption = /^(not one of: |不是允许的选项：)/;

/** Invalid values the declaration implies, one case each. */
function invalidCases(res: ResourceDef): Invalid[] {
  const out: Invalid[] = [];
  const long = fieldsOf(res).find(([, d]) => (d.kind === 'text' || d.kind === 'longtext') && d.max !== undefined);
  if (long) {
    const [name, def] = long;
    out.push({
      label: `${name} longer than ${def.max}`,
      field: name,
      value: 'x'.repeat((def.max as number) + 1),
      message: (l) => message(l, 'too_long', { max: def.max as number }),
    });
  }
  for (const [name, def] of fieldsOf(res)) {
    if (def.kind === 'enum') {
      out.push({ label: `${name} not an option`, field: name, value: 'no such option', message: () => notAnOption });
      if (def.numField) {
        out.push({ label: `${def.numField} not an option`, field: def.numField, value: '99', omit: name, message: () => notAnOption });
      }
    }
    if (def.kind === 'date') out.push({ label: `${name} 2025-02-30`, field: name, value: '2025-02-30', message: (l) => message(l, 'invalid_date') });
    if (def.kind === 'date') out.push({ label: `${name} 2025-2-3`, field: name, value: '2025-2-3', message: (l) => message(l, 'invalid_date') });
    if (def.kind === 'time') out.push({ label: `${name} 25:00`, field: name, value: '25:00', message: (l) => message(l, 'invalid_time') });
    if (def.kind === 'instant') {
      // a day that does not exist, and a wall-clock time without its offset (which moment would it be?)
      for (const value of ['2025-02-30T09:00:00+08:00', '2025-03-01T09:00'])
        out.push({ label: `${name} ${value}`, field: name, value, message: (l) => message(l, 'invalid_instant') });
    }
    if (def.kind === 'url') {
      out.push({ label: `${name} javascript:`, field: name, value: 'javascript:alert(1)', message: (l) => message(l, 'invalid_url') });
      out.push({ label: `${name} protocol-relative`, field: name, value: '//evil.example/x', message: (l) => message(l, 'invalid_url') });
    }
    if (def.kind === 'image') {
      out.push({ label: `${name} javascript:`, field: name, value: 'javascript:alert(1)', message: (l) => message(l, 'invalid_url') });
      // a link longer than the column holds is a field error, not a database error
      out.push({
        label: `${name} a 400-character link`,
        field: name,
        value: `https://example.org/${'a'.repeat(380)}`,
        message: (l) => message(l, 'too_long', { max: 300 }),
      });
    }
    if (def.kind === 'text' && def.format) {
      // a URL of the thing is not the thing (https://doi.org/10.… is not a DOI), unless the format takes
      // the thing out of it (a DOI is stored bare): then a URL of no such thing is refused
      const format = textFormats[def.format];
      const url = 'normalize' in format ? 'https://doi.org/not-a-doi' : `https://doi.org/${format.example}`;
      for (const value of ['not a doi', url])
        out.push({ label: `${name} ${JSON.stringify(value)}`, field: name, value, message: (l) => message(l, format.message) });
    }
    if (def.kind === 'bool') out.push({ label: `${name} yes`, field: name, value: 'yes', message: (l) => message(l, 'invalid_bool') });
    if (def.kind === 'int') out.push({ label: `${name} 1.5`, field: name, value: '1.5', message: (l) => message(l, 'invalid_number') });
    // an int that refers to a record: one that does not exist is refused
    if (def.kind === 'int' && def.refers)
      out.push({ label: `${name} naming no record`, field: name, value: '99999', message: (l) => message(l, 'unknown_record', { id: 99999 }) });
    if (def.kind === 'list' || def.kind === 'people')
      out.push({ label: `${name} not JSON`, field: name, value: '[unclosed', message: (l) => message(l, 'invalid_list') });
    if ((def.kind === 'list' && def.format) || def.kind === 'people') {
      const format = textFormats[def.kind === 'people' ? 'person_ref' : (def.format as keyof typeof textFormats)];
      const refused = 'counter' in format ? format.counter : 'not one';
      out.push({
        label: `${name} ${JSON.stringify([refused])}`,
        field: name,
        value: JSON.stringify([refused, format.example]),
        message: (l) => message(l, format.message),
      });
    }
  }
  return out;
}

/** An enum given with a disagreeing number, for each enum with a numeric twin. */
function mismatchCases(res: ResourceDef): { field: string; numField: string; label: string; num: number }[] {
  return fieldsOf(res)
    .filter(([, d]) => d.kind === 'enum' && d.numField)
    .map(([name, d]) => {
      const [a, b] = d.options as readonly { value: string; num: number }[];
      return { field: name, numField: d.numField as string, label: (a as { value: string }).value, num: (b as { num: number }).num };
    });
}

/** The suite of every declared resource on one database (resources.test.ts: SQLite; resources-postgres.test.ts). */
/**
 * The suite on `dialect`, over every registered resource, or over `only` those served by an app set up as
 * `setup` says (a test's own declaration, its migration run first: tests/api/guide-resource.test.ts).
 */
export function declaredResourceSuite(dialect: Dialect, { only, setup = {} }: { only?: readonly Registered[]; setup?: AppSetup } = {}): void {
  const suiteCases = only ? only.map(caseOf) : cases;
  describe(`declared resources on ${dialect}`, () => {
    let w: World;
    let admin: Client;
    beforeAll(async () => {
      w = await makeWorld(dialect, {}, setup);
      admin = w.admin;
    });
    afterAll(() => w.t.close());

    describe.each(suiteCases)('$res.name', ({ res, derived, updateByList }) => {
      const one = (id: number | string) => `${res.path}?${res.id}=${id}`;
      const read = async (id: number) => {
        const r = await admin.get(one(id));
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as Record<string, unknown>;
      };
      const create = async (fields: Fields) => createdId(await admin.send('POST', res.path, fields));
      const update = (id: number, fields: Fields) => {
        if (!updateByList) return admin.send('PUT', one(id), fields);
        const entry: Record<string, unknown> = { [res.id]: id };
        for (const [k, v] of Object.entries(fields)) entry[k] = res.fields[k]?.kind === 'int' ? Number(v) : v;
        return admin.json('PUT', res.path, [entry]);
      };

      it('creates with "success" and X-Resource-Id, and reads back SPEC §3 names with JSON types', async () => {
        const sent = sample(res, 0);
        const res1 = await admin.send('POST', res.path, sent);
        expect(res1.headers['content-type']).toMatch(/^application\/json/);
        const id = createdId(res1);
        const got = await read(id);
        expect(got[res.id]).toBe(id);
        expectStored(res, sent, got);
        for (const name of [...Object.keys(res.fields).filter((n) => res.fields[n]?.kind !== 'password'), ...derived]) {
          expect(got, `read carries ${name}`).toHaveProperty(name);
        }
        // the list is a bare array holding the same object
        const list = await admin.get(res.path);
        expect(list.statusCode).toBe(200);
        const items = list.json() as Record<string, unknown>[];
        expect(Array.isArray(items)).toBe(true);
        expect(items.find((x) => x[res.id] === id)).toEqual(got);
        for (const item of items) {
          expect(typeof item[res.id]).toBe('number');
          for (const [name, def] of fieldsOf(res)) {
            if (def.kind === 'bool') expect(typeof item[name], name).toBe('boolean');
            if (def.kind === 'list' || def.kind === 'people') expect(Array.isArray(item[name]), name).toBe(true);
          }
        }
      });

      it.each(requiredWithDefault(res).map(([f]) => f))('fills the declared default of required %s when it is absent', async (f) => {
        const def = res.fields[f] as FieldDef;
        const sent = sample(res, 0);
        delete sent[f];
        const got = await read(await create(sent));
        expect(got[f]).toBe(typeof def.default === 'function' ? def.default() : def.default);
      });

      it('updates: a changed field changes, an absent field stays, an optional field sent empty is cleared', async () => {
        const id = await create(sample(res, 0));
        const before = declared(res, await read(id));
        const change = changeable(res);
        const clear = clearable(res);
        expect(before[clear]).not.toBe('');
        const r = await update(id, { [change]: `changed ${unique()}`, [clear]: '' });
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toBe('success');
        const after = declared(res, await read(id));
        expect(after[change]).toMatch(/^changed \d+$/);
        expect(after[clear]).toBe('');
        expect({ ...after, [change]: before[change], [clear]: before[clear] }).toEqual(before);
      });

      it('updates every field at once (the full edit of the console)', async () => {
        const id = await create(sample(res, 0));
        const next = sample(res, 1);
        const r = await update(id, next);
        expect(r.statusCode, r.body).toBe(200);
        expectStored(res, next, await read(id), !updateByList);
      });

      it('deletes with "success"; the record is gone', async () => {
        const id = await create(sample(res, 0));
        const r = await admin.delete(one(id));
        expect(r.statusCode).toBe(200);
        expect(r.json()).toBe('success');
        expect((await admin.get(one(id))).statusCode).toBe(404);
        expect((await admin.delete(one(id))).statusCode).toBe(404);
        const list = (await admin.get(res.path)).json() as Record<string, unknown>[];
        expect(list.some((x) => x[res.id] === id)).toBe(false);
      });

      const unknownIds = ['987654', '99999999999', '123456789012345', 'abc', '1.5', '-1', '', '1e3', '0x10'];
      it.each(unknownIds)('answers 404 for the id %j on GET, DELETE and PUT ?id=', async (id) => {
        const get = await admin.get(one(id));
        expect(get.statusCode, get.body).toBe(404);
        expect(get.json().detail).toBe('Not found');
        expect((await admin.delete(one(id))).statusCode).toBe(404);
        if (!updateByList) {
          const put = await admin.send('PUT', one(id), { [changeable(res)]: 'x' });
          expect(put.statusCode, put.body).toBe(404);
        } else {
          // the whole-list PUT names pages in its body: an unknown one is a message in the list
          const put = await admin.json('PUT', res.path, [{ [res.id]: /^\d+$/.test(id) ? Number(id) : 987654, [changeable(res)]: 'x' }]);
          expect(put.statusCode, put.body).toBe(400);
          expect(Array.isArray(put.json())).toBe(true);
        }
      });

      it.each(requiredWithoutDefault(res).flatMap((f) => (['en', 'zh'] as const).map((lang) => ({ f, lang }))))(
        'answers 400 {$f: [required]} in $lang when $f is missing or empty, and stores nothing',
        async ({ f, lang }) => {
          const before = (await admin.get(res.path)).body;
          admin.lang = lang;
          try {
            for (const value of [undefined, '', '   ']) {
              const sent = sample(res, 0);
              if (value === undefined) delete sent[f];
              else sent[f] = value;
              const r = await admin.send('POST', res.path, sent);
              expect(Array.isArray(r.json())).toBe(updateByList);
              expect(fieldErrors(r)).toEqual({ [f]: [lang === 'zh' ? '必填' : 'required'] });
            }
          } finally {
            admin.lang = 'en';
          }
          expect((await admin.get(res.path)).body).toBe(before);
        },
      );

      it.each(requiredWithDefault(res).map(([f]) => f))('refuses %s sent empty although it has a default', async (f) => {
        const sent = sample(res, 0);
        sent[f] = '';
        expect(fieldErrors(await admin.send('POST', res.path, sent))).toEqual({ [f]: ['required'] });
      });

      it.each(invalidCases(res))('refuses $label on create and on update, changing nothing', async (c) => {
        const errorField = c.field;
        const fields = (base: Fields) => {
          const out = { ...base, [c.field]: c.value };
          if (c.omit) delete out[c.omit];
          return out;
        };
        for (const lang of ['en', 'zh'] as const) {
          admin.lang = lang;
          try {
            const listBefore = (await admin.get(res.path)).body;
            const r = await admin.send('POST', res.path, fields(sample(res, 0)));
            const errors = fieldErrors(r);
            expect(Object.keys(errors)).toEqual([errorField]);
            expect(errors[errorField]?.[0]).toMatch(c.message(lang));
            expect((await admin.get(res.path)).body).toBe(listBefore);
          } finally {
            admin.lang = 'en';
          }
        }
        if (updateByList) return; // the list PUT carries only aspect, markdown and order (see info.test.ts)
        const id = await create(sample(res, 0));
        const before = await read(id);
        const r = await update(id, fields({ [changeable(res)]: 'this change must not be kept' }));
        expect(Object.keys(fieldErrors(r))).toEqual([errorField]);
        expect(await read(id)).toEqual(before);
      });

      it('accepts a text at its declared maximum length', async () => {
        const long = fieldsOf(res).find(([, d]) => (d.kind === 'text' || d.kind === 'longtext') && d.max !== undefined);
        expect(long).toBeDefined();
        const [name, def] = long as [string, FieldDef];
        const value = '字'.repeat(def.max as number);
        const got = await read(await create({ ...sample(res, 0), [name]: value }));
        expect(got[name]).toBe(value);
      });

      it.each(mismatchCases(res))('rejects $field and $numField that disagree; accepts either alone', async ({ field, numField, label, num }) => {
        const r = await admin.send('POST', res.path, { ...sample(res, 0), [field]: label, [numField]: String(num) });
        const errors = fieldErrors(r);
        expect(Object.keys(errors)).toEqual([numField]);
        expect(errors[numField]).toEqual([`does not agree with ${field}`]);
        const byNum = { ...sample(res, 0), [numField]: String(num) };
        delete byNum[field];
        const got = await read(await create(byNum));
        const entry = res.fields[field]?.options?.find((o) => o.num === num);
        expect(got[field]).toBe(entry?.value);
        expect(got[numField]).toBe(num);
      });

      // an object shaped like an upload must not make the server read the file it named
      it.each(fileFields(res))('never takes a forged upload in %s (JSON body or JSON-typed part) and changes nothing', async (field) => {
        const forged = JSON.stringify({ kind: 'upload', tmpPath: '/etc/hostname', filename: 'x.png', size: 10, mimetype: 'image/png' });
        const count = async () => ((await admin.get(res.path)).json() as unknown[]).length;
        const id = await create(sample(res, 0));
        const before = await read(id);
        const total = await count();
        const parts = (fields: Fields): RawPart[] => [
          ...Object.entries(fields).map(([name, value]) => ({ name, value })),
          { name: field, value: forged, type: 'application/json' },
        ];
        const attempts = [
          admin.json('POST', res.path, { ...sample(res, 1), [field]: JSON.parse(forged) }),
          sendRaw(admin, 'POST', res.path, parts(sample(res, 1))),
          admin.json('PUT', one(id), { [field]: JSON.parse(forged) }),
          sendRaw(admin, 'PUT', one(id), parts({})),
        ];
        for (const r of await Promise.all(attempts)) {
          expect([400, 415], r.body).toContain(r.statusCode);
          expect(Object.keys(JSON.parse(r.body)), r.body).toContain(field);
        }
        expect(await read(id)).toEqual(before);
        expect(await count()).toBe(total);
      });

      /** The stored object a field's value names: an image's media file (its URL), a file's key column. */
      const storedOf = async (id: number, field: string, got: Record<string, unknown>): Promise<StoredFile | undefined> => {
        if (res.fields[field]?.kind === 'image') {
          const key = mediaKeyOf(got[field] as string | null);
          return key ? { bucket: 'media', key } : undefined;
        }
        const column = `${field}_key`;
        const where = w.app.lab.storedFiles.find((c) => c.table === res.table && c.column === column);
        expect(where, `the app (server/storage/file-columns.ts) names the bucket of ${res.table}.${column}`).toBeDefined();
        // the key column is never answered (common/kinds/uploads.ts): read where the record is
        const row = await loose(w.app.lab.db).selectFrom(res.table).select(column).where(res.id, '=', id).executeTakeFirstOrThrow();
        const key = row[column];
        const bucket = where && bucketOf(where, row);
        return typeof key === 'string' && key !== '' && bucket ? { bucket, key } : undefined;
      };
      const isStored = (f: StoredFile) => w.app.lab.storage.exists(f.bucket, f.key);
      /** A file the record no longer names stays while a version of the record keeps it (history.ts), and only then. */
      const expectReleased = async (id: number, f: StoredFile | undefined, label: string) => {
        expect(f, label).toBeDefined();
        const file = f as StoredFile;
        const kept = await w.app.lab.db
          .selectFrom('kept_file')
          .select(['holder', 'holder_id'])
          .where('bucket', '=', file.bucket)
          .where('storage_key', '=', file.key)
          .execute();
        if (res.history) {
          const versions = await w.app.lab.db.selectFrom('revision').select('rid').where('resource', '=', res.name).where('record', '=', id).execute();
          const rids = versions.map((v) => v.rid);
          expect(
            kept.some((k) => k.holder === 'revision' && rids.includes(k.holder_id)),
            `${label}: a version of the record keeps it`,
          ).toBe(true);
        } else expect(kept, `${label}: nothing keeps it`).toEqual([]);
        expect(await isStored(file), `${label}: stored while kept, else gone`).toBe(kept.length > 0);
      };
      /** The read names the upload, and its address serves it: the file's own bytes, or the picture re-encoded. */
      const expectServed = async (u: Upload, got: Record<string, unknown>) => {
        if (u.def.kind === 'image') {
          const url = String(got[u.field]);
          expect(url, u.field).toMatch(/^\/resource\/media\/[0-9a-f]{32}\.(png|jpg)$/);
          const r = await admin.get(url);
          expect(r.statusCode, `${u.field}: ${url}`).toBe(200);
          // re-encoded without its metadata (server/images/images.ts), so compared as a picture, not as bytes
          const meta = await sharp(r.rawPayload).metadata();
          const fixture = u.fixture as ImageFixture;
          expect([meta.width, meta.height], `${u.field} served at ${fixture.name}'s size`).toEqual([fixture.width, fixture.height]);
          expect(r.headers['content-type'], u.field).toBe(`image/${meta.format}`);
          expect(url.endsWith(meta.format === 'jpeg' ? '.jpg' : `.${meta.format}`), `${url} names its format`).toBe(true);
          return;
        }
        expect(got[u.field], u.field).toBe(u.name);
        const url = got[`${u.field}_url`];
        expect(typeof url === 'string' && url.startsWith('/resource/'), `${u.field}_url names where ${u.name} is served: ${String(url)}`).toBe(true);
        expect(String(url).endsWith(`/${encodeURIComponent(u.name)}`), `${String(url)} ends with the file's name`).toBe(true);
        const r = await admin.get(String(url));
        expect(r.statusCode, `${u.field}: ${String(url)}`).toBe(200);
        expect(r.rawPayload.equals(u.fixture.data), `${String(url)} serves exactly the bytes of ${u.fixture.name}`).toBe(true);
        expect(r.headers['content-type'], String(url)).toBe(servedType[u.name.split('.').pop() as string]);
        expect(String(r.headers['content-disposition']), String(url)).toMatch(new RegExp(`^(inline|attachment); filename="${u.name.replaceAll('.', '\\.')}"`));
      };
      const withUploads = fileFields(res).length > 0 ? [fileFields(res).join(', ')] : [];

      it.each(withUploads)('stores real uploads in %s, serves them, replaces them with others and clears them with ""', async () => {
        // an update by the whole list is JSON, which carries no file
        expect(updateByList).toBe(false);
        const first = uploads(res, 0);
        const id = createdId(await admin.send('POST', res.path, { ...sample(res, 0), ...fileParts(first) }));
        const got = await read(id);
        const stored = new Map<string, StoredFile | undefined>();
        for (const u of first) {
          await expectServed(u, got);
          const f = await storedOf(id, u.field, got);
          expect(f && (await isStored(f)), `${u.field} is stored`).toBe(true);
          stored.set(u.field, f);
        }
        expect(new Set([...stored.values()].map((f) => `${f?.bucket}/${f?.key}`)).size, 'each field holds an object of its own').toBe(first.length);

        const second = uploads(res, 1);
        const replaced = await admin.send('PUT', one(id), fileParts(second));
        expect(replaced.statusCode, replaced.body).toBe(200);
        const got1 = await read(id);
        for (const u of second) {
          await expectServed(u, got1);
          const f = await storedOf(id, u.field, got1);
          expect(f, `${u.field} names a new object`).not.toEqual(stored.get(u.field));
          expect(f && (await isStored(f)), `${u.field}'s new file is stored`).toBe(true);
          await expectReleased(id, stored.get(u.field), `${u.field}'s replaced file`);
          stored.set(u.field, f);
          // a version may keep the old file, but the record's old address no longer serves it
          const before = got[`${u.field}_url`];
          if (u.def.kind === 'file' && before !== got1[`${u.field}_url`]) expect((await admin.get(String(before))).statusCode, String(before)).toBe(404);
        }

        const cleared = await admin.send('PUT', one(id), Object.fromEntries(second.map((u) => [u.field, ''])));
        expect(cleared.statusCode, cleared.body).toBe(200);
        const got2 = await read(id);
        for (const u of second) {
          expect(got2[u.field], `${u.field} cleared`).toBe(kindOf(u.def).empty(u.def));
          if (`${u.field}_url` in got2) expect(got2[`${u.field}_url`], `${u.field}_url cleared`).toBe('');
          expect(await storedOf(id, u.field, got2), `${u.field} names no object`).toBeUndefined();
          await expectReleased(id, stored.get(u.field), `${u.field}'s cleared file`);
        }
      });

      it.each(withUploads)('deletes a record with uploads in %s: they stay stored while the trash holds the record', async () => {
        const sent = uploads(res, 0);
        const id = createdId(await admin.send('POST', res.path, { ...sample(res, 0), ...fileParts(sent) }));
        const got = await read(id);
        const files = (await Promise.all(sent.map((u) => storedOf(id, u.field, got)))) as StoredFile[];
        const names = (list: StoredFile[]) => list.map((f) => `${f.bucket}/${f.key}`).sort();
        expect(files.every((f) => f !== undefined)).toBe(true);
        expect((await admin.delete(one(id))).statusCode).toBe(200);
        expect((await admin.get(one(id))).statusCode).toBe(404);
        for (const u of sent.filter((x) => x.def.kind === 'file')) {
          const url = String(got[`${u.field}_url`]);
          expect((await admin.get(url)).statusCode, `${url} of a deleted record`).toBe(404);
        }
        if (!res.history) {
          for (const f of files) expect(await isStored(f), `${f.bucket}/${f.key} left with the record`).toBe(false);
          return;
        }
        const trash = (await admin.get('/api/trash/')).json() as { items: { tid: number; resource: string; record: number; files: number }[] };
        const entry = trash.items.find((i) => i.resource === res.name && i.record === id);
        expect(entry, 'the trash lists the record').toMatchObject({ files: files.length });
        const tid = Number(entry?.tid);
        const kept = await w.app.lab.db
          .selectFrom('kept_file')
          .select(['bucket', 'storage_key'])
          .where('holder', '=', 'trash')
          .where('holder_id', '=', tid)
          .execute();
        expect(kept.map((k) => `${k.bucket}/${k.storage_key}`).sort()).toEqual(names(files));
        for (const f of files) expect(await isStored(f), `${f.bucket}/${f.key} kept by the trash`).toBe(true);
        // deleted long ago: listing the trash purges the entry past TRASH_DAYS, and nothing holds its files any more
        await w.app.lab.db.updateTable('trash').set({ at: '2000-01-01T00:00:00.000Z' }).where('tid', '=', tid).execute();
        expect(((await admin.get('/api/trash/')).json() as typeof trash).items.some((i) => i.tid === tid)).toBe(false);
        for (const f of files) expect(await isStored(f), `${f.bucket}/${f.key} purged with the trash entry`).toBe(false);
      });

      it('keeps a failed update from changing anything, even with valid fields beside the bad one', async () => {
        const id = await create(sample(res, 0));
        const before = await read(id);
        const next = sample(res, 1);
        const bad = invalidCases(res)[0] as Invalid;
        const r = updateByList
          ? await admin.json('PUT', res.path, [
              { [res.id]: id, [changeable(res)]: 'renamed', markdown: 'kept?', order: 3 },
              { [res.id]: 987654, [changeable(res)]: 'unknown page' },
            ])
          : await update(id, { ...next, [bad.field]: bad.value });
        expect(r.statusCode, r.body).toBe(400);
        expect(await read(id)).toEqual(before);
      });
    });
  });
}
