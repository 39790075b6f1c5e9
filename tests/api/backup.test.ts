import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../cli/demo/seed.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { type Contents, contents } from '../helpers/contents.ts';
import { buckets } from '../../server/storage/storage.ts';
import { storedFiles } from '../../server/storage/file-columns.ts';
import { appOn, bareInstance, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';
import { png } from '../fixtures/images.ts';
import { optionsOf, schemaOf } from '../helpers/archives.ts';

// `lab backup` / `lab restore`: every record and every stored file comes back byte
// for byte, on each database and across them. The refusals are in backup-refusals.test.ts, a backup under
// concurrent writers and the daily schedule in backup-writers.test.ts (three files the two workers share).

describe.each(dialects)('a backup of a lab on %s', (from) => {
  let t: TestApp;
  let schema: string | undefined;
  let file: string;
  let before: Contents;
  beforeAll(async () => {
    t = await makeApp(from);
    schema = from === 'postgres' ? await schemaOf(t) : undefined;
    // the demo lab holds every resource (people, articles, news, seminars, publications with files,
    // pages, showcases, schedules, the advisor's data); private images and data files are added here
    await seedDemo(t.app.lab.db, t.app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    expect((await admin.send('POST', '/api/image/', { 'files[0]': { file: await png(9, 9), name: 'private.png' } })).statusCode).toBe(200);
    expect((await admin.send('POST', '/api/data/', { owner: 'admin', 'files[0]': { file: Buffer.from('private data'), name: 'mine.txt' } })).statusCode).toBe(
      200,
    );
    file = path.join(t.dataDir, '..', 'backup.tar.gz');
    const summary = await takeBackup(optionsOf(t, from, schema), t.app.lab.storage, file);
    expect(summary.missing).toEqual([]);
    before = await contents(optionsOf(t, from, schema));
    expect(summary.rows).toBe(Object.values(before.tables).reduce((n, rows) => n + rows.length, 0));
    expect(summary.files).toBe(Object.keys(before.files).length);
  }, 120_000);
  afterAll(() => t.close());

  it('holds every table that has rows, and every bucket', () => {
    for (const table of [
      'person',
      'session',
      'article',
      'news',
      'seminar',
      'publication',
      'info_page',
      'data_file',
      'image',
      'schedule',
      'media',
      'site_page',
      'showcase',
      'opening',
      'site_settings',
      'advisor_settings',
      'advisor_report',
      'advisor_name',
    ]) {
      expect(before.tables[table]?.length ?? 0, table).toBeGreaterThan(0);
    }
    // every bucket a record may keep files in (one no declared field uses yet holds none)
    for (const b of buckets.filter((b) => storedFiles.some((f) => f.bucket === b)))
      expect(
        Object.keys(before.files).some((f) => f.startsWith(`${b}/`)),
        b,
      ).toBe(true);
  });

  it.each(dialects)('restores into an empty instance on %s: every record and file the same', async (to) => {
    const target = await bareInstance(to);
    try {
      const s = await restoreBackup(target.db, target.storage, file);
      expect(s.from).toBe(from);
      expect(await contents(target.db)).toEqual(before);
      // and the site on it answers as the original did
      const app = await appOn(target);
      try {
        for (const url of ['/api/read_publication/', '/api/read_people/', '/api/read_article/', '/api/read_site/']) {
          const [a, b] = await Promise.all([t.app.inject(url), app.inject(url)]);
          expect(b.statusCode, url).toBe(200);
          expect(b.body, url).toBe(a.body);
        }
        // new records take new ids, never those of the restored ones
        const admin = await loginAs(app, 'admin', 'admin-password');
        const nid = createdId(await admin.json('POST', '/api/news/', { date: '2026-11-23', abstract: 'After the restore' }));
        expect(nid).toBeGreaterThan(Math.max(...(before.tables.news as { nid: number }[]).map((n) => n.nid)));
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses an instance with content, changing nothing; --force replaces all of it', async () => {
    const target = await bareInstance('sqlite');
    try {
      const app = await appOn(target, { LAB_ADMIN_USERNAME: 'someone', LAB_ADMIN_PASSWORD: 'someone-password' });
      const admin = await loginAs(app, 'someone', 'someone-password');
      expect((await admin.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: Buffer.from('old file'), name: 'old.txt' } })).statusCode).toBe(
        200,
      );
      await app.close();
      const held = await contents(target.db);
      await expect(restoreBackup(target.db, target.storage, file)).rejects.toThrow(/not empty \(\d+ activity, 1 person, 1 data_file, 1 session\); add --force/);
      expect(await contents(target.db)).toEqual(held);

      await restoreBackup(target.db, target.storage, file, { force: true });
      expect(await contents(target.db)).toEqual(before);
      // the replaced instance's file waits a day in files/removed
      const [old] = Object.keys(held.files);
      expect(fs.existsSync(path.join(target.dataDir, 'files', 'removed', old as string))).toBe(true);
    } finally {
      await target.close();
    }
  });
});
