import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../common/resources/index.ts';
import { site } from '../../common/resources/site.ts';
import { dialects } from '../helpers/app.ts';
import { type Client, multipart } from '../helpers/client.ts';
import { makeWorld, type World } from '../fixtures/world.ts';

// A property-based pass over every write route: whatever body, query and encoding a broken
// client or an attacker sends, the answer is below 500, and a refused write changes nothing, neither a
// row nor a stored file. Run on SQLite and PostgreSQL alike.

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** The fields a route's resource declares (its body keys worth trying), without the password ones. */
function fieldsOf(url: string): string[] {
  const all = [...Object.values(resources), site];
  const res = all.find((r) => (r as { path?: string }).path === url);
  return res ? Object.keys(res.fields).filter((f) => !/password/.test(f)) : [];
}

const idNames = ['pid', 'aid', 'nid', 'sid', 'gid', 'iid', 'did', 'id', 'username'];

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\uD800', '9'.repeat(30), '-1', '1e309', '<script>x</script>', 'true', '[]', '{}'),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }));

describe.each(dialects)('fuzzed writes on %s', (dialect) => {
  let w: World;

  /** Every stored row (but the counters' bookkeeping and sessions) and every stored file, as one digest. */
  async function state(): Promise<string> {
    const db = w.app.lab.db;
    const tables =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map(
            (r) => r.name,
          );
    const h = createHash('sha1');
    for (const t of tables.filter((t) => !['counters', 'session'].includes(t) && !t.startsWith('kysely_')).sort()) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)).rows;
      h.update(t).update(JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
    }
    const files = path.join(w.t.dataDir, 'files');
    if (fs.existsSync(files)) for (const f of fs.readdirSync(files, { recursive: true }).map(String).sort()) h.update(f);
    return h.digest('hex');
  }

  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  it('answers every write below 500, and a refused one changes nothing', async () => {
    const routes = w.app.routeAccess.filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method) && !r.url.includes('*') && !/\/api\/log(in|out)\//.test(r.url));
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const who: Client = route.access === 'advisor' ? w.advisor : w.admin;
      const fields = fieldsOf(route.url);
      const keys = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
      const body = fc.oneof(fc.dictionary(keys, value, { maxKeys: 6 }), fc.array(value, { maxLength: 3 }), value);
      const query = fc.dictionary(
        fc.constantFrom(...idNames),
        fc.oneof(fc.constantFrom('1', '2', '3', '999999', '0', '-1', 'x', '1.5', '%00'), fc.string({ maxLength: 6 })),
        { maxKeys: 2 },
      );
      await fc.assert(
        fc.asyncProperty(body, query, fc.boolean(), async (payload, q, asMultipart) => {
          const url = `${route.url}?${new URLSearchParams(q).toString().replace(/%2500/g, '%00')}`;
          const before = await state();
          let res: { statusCode: number; body: string };
          if (asMultipart && payload && typeof payload === 'object' && !Array.isArray(payload)) {
            const fields: Record<string, string> = {};
            for (const [k, v] of Object.entries(payload)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
            const { payload: raw, headers } = await multipart(
              (() => {
                const fd = new FormData();
                for (const [k, v] of Object.entries(fields)) fd.append(k, v);
                return fd;
              })(),
            );
            res = await w.app.inject({ method: route.method as 'POST', url, headers: who.headers(headers), payload: raw });
          } else {
            res = await w.app.inject({
              method: route.method as 'POST',
              url,
              headers: who.headers({ 'content-type': 'application/json' }),
              payload: JSON.stringify(payload ?? null),
            });
          }
          expect(res.statusCode, `${route.method} ${url} ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await state(), `${route.method} ${url} ${res.statusCode} changed something`).toBe(before);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    }
  }, 300_000);

  // bodies nested thousands of levels deep would overflow a recursive walk (a 500 on both databases)
  it('answers bodies nested thousands of levels deep with a 400, changing nothing', async () => {
    const routes = w.app.routeAccess.filter((r) => ['POST', 'PUT'].includes(r.method) && !r.url.includes('*'));
    expect(routes.map((r) => r.url)).toContain('/api/login/');
    const depth = 20_000;
    const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const jsonBodies = [deepArray, deepObject, `{"username":${deepObject},"password":"x","title":${deepArray}}`, `[${deepObject}]`];
    for (const route of routes) {
      const who: Client = route.access === 'advisor' ? w.advisor : w.admin;
      const field = fieldsOf(route.url)[0] ?? 'title';
      const before = await state();
      for (const payload of jsonBodies) {
        const res = await w.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: who.headers({ 'content-type': 'application/json' }),
          payload,
        });
        const where = `${route.method} ${route.url} ${res.body.slice(0, 200)}`;
        // refused as too deep, or before the body is read (a call that takes multipart only, a query naming no record)
        expect([400, 404, 415], where).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.body, where).toMatch(/nested too deeply/i);
      }
      // the same depth in a multipart body: a text field (as it came), and a part typed application/json
      const boundary = 'deepdeep';
      const raw = Buffer.from(
        [
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${deepArray}\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\nContent-Type: application/json\r\n\r\n${deepObject}\r\n`,
          `--${boundary}--\r\n`,
        ].join(''),
      );
      const res = await w.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: who.headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
        payload: raw,
      });
      expect(res.statusCode, `${route.method} ${route.url} multipart ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(await state(), `${route.method} ${route.url} changed something`).toBe(before);
    }
  }, 300_000);
});
