import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../server/backup/backup.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { dailyBackup, dailyName } from '../../server/backup/schedule.ts';
import { tablesOf } from '../../server/backup/tables.ts';
import { contents } from '../helpers/contents.ts';
import { createDatabase, migrations } from '../../server/db/database.ts';
import { loose } from '../../server/db/schema.ts';
import { storedFiles } from '../../server/storage/file-columns.ts';
import { resources } from '../../common/resources/index.ts';
import { appOn, bareInstance, type Dialect, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { createdId, makeWorld, type World } from '../fixtures/world.ts';
import { entriesOf, optionsOf, schemaOf } from '../helpers/archives.ts';

// `lab backup`: a backup taken under 20 concurrent writers restores to a state that was
// real; the daily backup, its schedule and the backup before a migration.

describe.each(dialects)('a backup under 20 concurrent writers on %s', (from) => {
  let w: World;
  afterAll(() => w.t.close());

  it('restores to a state that was real: no torn record, no record without its file, no file without its record', { timeout: 180_000 }, async () => {
    w = await makeWorld(from);
    const schema = from === 'postgres' ? await schemaOf(w.t) : undefined;
    let stop = false;
    let acknowledged = 0;
    // each writer creates a publication and a data file, replaces the publication's file and title in
    // one update, and deletes some of both: every version names itself in title, source and file bytes
    const writer = async (n: number) => {
      const who = [w.admin, w.user, w.other, w.advisor][n % 4] as World['admin'];
      for (let i = 0; !stop; i++) {
        const tag = (v: number) => `w${n}-${i}-v${v}`;
        const pid = createdId(
          await who.send('POST', '/api/publication/', {
            title: tag(0),
            author: '["A"]',
            source: tag(0),
            file1: { file: Buffer.from(`file of ${tag(0)}`), name: 'a.pdf' },
          }),
        );
        const put = await who.send('PUT', `/api/publication/?pid=${pid}`, {
          title: tag(1),
          source: tag(1),
          file1: { file: Buffer.from(`file of ${tag(1)}`), name: 'b.pdf' },
        });
        expect(put.statusCode, put.body).toBe(200);
        const did = createdId(
          await who.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: Buffer.from(`data of ${tag(0)}`), name: `${tag(0)}.txt` } }),
        );
        if (i % 3 === 2) expect((await who.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
        if (i % 2 === 1) expect((await who.delete(`/api/data/?did=${did}`)).statusCode).toBe(200);
        acknowledged += 1;
      }
    };
    const writers = Array.from({ length: 20 }, (_, n) => writer(n));
    while (acknowledged < 40) await new Promise((r) => setTimeout(r, 50));
    const file = path.join(w.t.dataDir, '..', 'under-load.tar.gz');
    const atStart = acknowledged;
    await takeBackup(optionsOf(w.t, from, schema), w.t.app.lab.storage, file);
    const atEnd = acknowledged;
    stop = true;
    await Promise.all(writers);
    // the load ran all along the backup
    expect(atEnd).toBeGreaterThan(atStart);

    const to: Dialect = dialects.includes('postgres') && from === 'sqlite' ? 'postgres' : 'sqlite';
    const target = await bareInstance(to);
    try {
      await restoreBackup(target.db, target.storage, file);
      const got = await contents(target.db);
      const read = (bucket: string, key: string) => fs.readFileSync(path.join(target.dataDir, 'files', bucket, key), 'utf8');
      const pubs = got.tables.publication as { title: string; source: string; file1_key: string | null }[];
      const written = pubs.filter((p) => /^w\d+-\d+-v\d$/.test(p.title));
      expect(written.length).toBeGreaterThan(0);
      const referenced = new Set<string>();
      for (const p of pubs) {
        expect(p.source, 'a torn record').toBe(p.title);
        if (!p.title.startsWith('w')) continue;
        expect(p.file1_key, p.title).toBeTruthy();
        expect(read('publication', p.file1_key as string), "a record with another version's file").toBe(`file of ${p.title}`);
        referenced.add(`publication/${p.file1_key}`);
      }
      for (const d of got.tables.data_file as { filename: string; storage_key: string }[]) {
        expect(read('data', d.storage_key)).toBe(`data of ${d.filename.replace(/\.txt$/, '')}`);
        referenced.add(`data/${d.storage_key}`);
      }
      for (const m of got.tables.media as { storage_key: string }[]) referenced.add(`media/${m.storage_key}`);
      for (const i of got.tables.image as { storage_key: string }[]) referenced.add(`image/${i.storage_key}`);
      // a replaced or deleted file stays while a version or the trash refers to it, and travels with them
      for (const k of got.tables.kept_file as { bucket: string; storage_key: string }[]) referenced.add(`${k.bucket}/${k.storage_key}`);
      expect((got.tables.kept_file ?? []).length, 'the writers replaced files, which their versions keep').toBeGreaterThan(0);
      expect(Object.keys(got.files).sort(), 'files without their record').toEqual([...referenced].sort());
    } finally {
      await target.close();
    }
  });
});

describe('backup bookkeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp('sqlite');
  });
  afterAll(() => t.close());

  it('declares every column that holds a stored file', async () => {
    for (const dialect of dialects) {
      const b = await bareInstance(dialect);
      const db = createDatabase(b.db);
      try {
        const { migrate } = await import('../../server/db/database.ts');
        await migrate(db, dialect === 'postgres' ? b.schema : undefined);
        // a declared text field named *_key is what its declaration says (a publication's venue_key), not a file's key
        const declaredText = new Set(
          Object.values(resources).flatMap((r) => Object.entries(r.fields).flatMap(([name, def]) => (def.kind === 'text' ? [`${r.table}.${name}`] : []))),
        );
        const keyColumns = (await tablesOf(db)).flatMap((tb) =>
          tb.columns.filter((c) => /(^|_)key$/.test(c) && c !== 'key' && !declaredText.has(`${tb.name}.${c}`)).map((c) => `${tb.name}.${c}`),
        );
        expect(keyColumns.sort()).toEqual(storedFiles.map((f) => `${f.table}.${f.column}`).sort());
      } finally {
        await db.destroy();
        await b.close();
      }
    }
  });

  it('takes one backup a day, keeps the newest BACKUP_KEEP, and skips a day another instance is taking', async () => {
    const dir = path.join(t.dataDir, '..', 'daily');
    const day = (d: string) => new Date(`${d}T03:00:00Z`);
    for (const d of ['2026-11-20', '2026-11-21', '2026-11-21', '2026-11-22']) await dailyBackup({ dataDir: t.dataDir }, t.app.lab.storage, dir, 2, day(d));
    expect(fs.readdirSync(dir).sort()).toEqual(['lab-backup-2026-11-21.tar.gz', 'lab-backup-2026-11-22.tar.gz']);
    fs.writeFileSync(path.join(dir, 'lab-backup-2026-11-23.tar.gz.part'), '');
    expect(await dailyBackup({ dataDir: t.dataDir }, t.app.lab.storage, dir, 2, day('2026-11-23'))).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'lab-backup-2026-11-23.tar.gz'))).toBe(false);
  });

  it('the server takes the day’s backup by itself when BACKUP_DIR is set', async () => {
    const dir = path.join(t.dataDir, '..', 'scheduled');
    const { scheduleBackups } = await import('../../server/backup/schedule.ts');
    scheduleBackups(t.app, { dataDir: t.dataDir }, t.app.lab.storage, dir, 3, 10);
    const today = path.join(dir, dailyName(new Date()));
    await expect.poll(() => fs.existsSync(today), { timeout: 15_000 }).toBe(true);
    const target = await bareInstance('sqlite');
    try {
      await restoreBackup(target.db, target.storage, today);
      expect((await contents(target.db)).tables.person).toEqual((await contents({ dataDir: t.dataDir })).tables.person);
    } finally {
      await target.close();
    }
  });

  it.each(dialects)('takes a backup on %s before migrations change a database with data', async (dialect) => {
    const inst = await bareInstance(dialect);
    try {
      let app = await appOn(inst, { LAB_ADMIN_USERNAME: 'keeper', LAB_ADMIN_PASSWORD: 'keeper-password' });
      await app.close();
      // the database as the previous version left it: without the last migration, whichever it is
      const [previous, last] = Object.keys(migrations).slice(-2) as [string, string];
      const db = createDatabase(inst.db);
      await migrations[last]?.down?.(db);
      // the migrator's own table, not one of the schema's: the loose view
      await loose(db).deleteFrom('kysely_migration').where('name', '=', last).execute();
      await db.destroy();
      app = await appOn(inst);
      await app.close();
      const taken = path.join(inst.dataDir, 'backups', `lab-before-${last}.tar.gz`);
      expect(fs.existsSync(taken)).toBe(true);
      const header = (await entriesOf(taken))[0];
      expect(JSON.parse(String(header?.data)).schema).toBe(previous);
      // what it holds is the data as it was (the keeper account)
      const rows = (await entriesOf(taken)).find((e) => e.name === 'db/person.jsonl');
      expect(String(rows?.data)).toContain('"keeper"');
    } finally {
      await inst.close();
    }
  });
});
