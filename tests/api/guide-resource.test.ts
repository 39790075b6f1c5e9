import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { derivedTable } from '../../server/db/declared-tables.ts';
import { registry } from '../../server/registry.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { talk, talks } from '../fixtures/talk/talk.ts';
import { up } from '../fixtures/talk/migration.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { entriesOf, optionsOf, schemaOf } from '../helpers/archives.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';
import { declaredResourceSuite } from './resources-suite.ts';

// The guide's worked example (docs/adding-a-resource.md): a public resource with a text, a people, a date and a
// file field, added as the guide says (its declaration, its migration, its registry line: tests/fixtures/talk/),
// runs the suite every declared resource runs, its slides uploaded, served, replaced, freed and trashed, on
// both databases (and again with its files in a bucket: files-on-s3.test.ts); its files are public while the
// talk is, and go into the app's backups.

const setup = { resources: [...registry, talks], prepare: up };

for (const dialect of dialects) declaredResourceSuite(dialect, { only: [talks], setup });

describe.each(dialects)('the guide’s talks on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect, {}, setup);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  const bytes = Buffer.from('%PDF-1.4\n% the slides\n');
  const newTalk = async (release: boolean) =>
    createdId(
      await admin.send('POST', talk.path, {
        title: 'On graphs',
        date: '2026-11-20',
        speakers: '["Wang Fang"]',
        release: String(release),
        slides: { file: bytes, name: 'talk slides.pdf', type: 'application/pdf' },
      }),
    );

  it('has the columns its declaration derives, a file’s key among them', async () => {
    const tables = await t.app.lab.db.introspection.getTables();
    const columns = tables.find((x) => x.name === 'talk')?.columns.map((c) => c.name);
    expect(columns?.sort()).toEqual(Object.keys(derivedTable(talk)).sort());
    expect(columns).toContain('slides_key');
  });

  it('serves a released talk’s slides to anyone, an unreleased one’s only to members, never the key', async () => {
    const shown = await newTalk(true);
    const hidden = await newTalk(false);
    const read = (await admin.get(`${talk.path}?kid=${shown}`)).json() as Record<string, unknown>;
    expect(read.slides).toBe('talk slides.pdf');
    expect(read.slides_url).toBe(`/resource/public/talk/${shown}/talk%20slides.pdf`);
    expect(read).not.toHaveProperty('slides_key');
    const anyone = new Client(t.app);
    const open = await anyone.get(read.slides_url as string);
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(bytes)).toBe(true);
    expect(open.headers['cache-control']).toMatch(/^public/);
    const closed = `/resource/public/talk/${hidden}/talk%20slides.pdf`;
    expect((await anyone.get(closed)).statusCode).toBe(404);
    const member = await admin.get(closed);
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    // opened from the console in a new tab: the session cookie alone, from this site; never from another one
    const byCookie = (site: string) => t.app.inject({ method: 'GET', url: closed, headers: { cookie: `lab_session=${admin.token}`, 'sec-fetch-site': site } });
    expect((await byCookie('same-origin')).statusCode).toBe(200);
    expect((await byCookie('cross-site')).statusCode).toBe(404);
    // the public read carries the name and the address, as the projection names them
    const pub = (await anyone.get(`/api/read_talk/?kid=${shown}`)).json() as Record<string, unknown>;
    expect(pub.slides_url).toBe(read.slides_url);
    expect(pub).not.toHaveProperty('slides_key');
  });

  it('puts its files into the app’s backup', async () => {
    const id = await newTalk(true);
    const row = await t.app.lab.db
      .selectFrom('talk' as never)
      .select('slides_key' as never)
      .where('kid' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    const key = (row as Record<string, string>).slides_key;
    const file = `${t.dataDir}/../talk-backup.tar.gz`;
    await takeBackup(optionsOf(t, dialect, dialect === 'postgres' ? await schemaOf(t) : undefined), t.app.lab.storage, file, t.app.lab.storedFiles);
    const names = (await entriesOf(file)).map((e) => e.name);
    expect(names).toContain(`files/file/${key}`);
  });
});
