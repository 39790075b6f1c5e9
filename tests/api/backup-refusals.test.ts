import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadArchive, RestoreRefused } from '../../server/backup/archive.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { contents } from '../helpers/contents.ts';
import { appOn, type BareInstance, bareInstance, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';
import { entriesOf, packTo } from '../helpers/archives.ts';

// `lab restore`: every refusal (non-empty instance, damaged or foreign
// archive, other schema, running server, an archive that unpacks to a lot) leaves the instance exactly as it was.

describe('a restore refuses what it cannot take, and changes nothing', () => {
  let t: TestApp;
  let file: string;
  let entries: { name: string; data: Buffer }[];
  let target: BareInstance;
  let scratch: string;
  beforeAll(async () => {
    t = await makeApp('sqlite');
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    createdId(
      await admin.send('POST', '/api/publication/', {
        title: 'Kept',
        author: '["A"]',
        source: 'ACL',
        file1: { file: Buffer.from('%PDF kept'), name: 'kept.pdf' },
      }),
    );
    scratch = path.join(t.dataDir, '..');
    file = path.join(scratch, 'good.tar.gz');
    await takeBackup({ dataDir: t.dataDir }, t.app.lab.storage, file);
    entries = await entriesOf(file);
    // an instance that has started once: its schema, no content
    target = await bareInstance('sqlite');
    await (await appOn(target)).close();
  });
  afterAll(async () => {
    await target.close();
    await t.close();
  });

  const variant = async (name: string, change: (e: { name: string; data: Buffer }[]) => { name: string; data: Buffer }[]) => {
    const out = path.join(scratch, name);
    await packTo(out, change(entries.map((e) => ({ ...e }))));
    return out;
  };
  const expectRefused = async (archive: string, kind: typeof BadArchive | typeof RestoreRefused, message: RegExp) => {
    const held = await contents(target.db);
    const err = await restoreBackup(target.db, target.storage, archive).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(kind);
    expect(String((err as Error).message)).toMatch(message);
    expect(await contents(target.db)).toEqual(held);
    expect(fs.readdirSync(target.storage.tmpDir).filter((f) => f !== '.alive')).toEqual([]);
  };

  it('a file whose bytes changed', async () => {
    const archive = await variant('flipped.tar.gz', (es) => es.map((e) => (e.name.startsWith('files/') ? { ...e, data: Buffer.from('%PDF evil') } : e)));
    await expectRefused(archive, BadArchive, /files\/publication\/[a-f0-9]{32}\.pdf does not match its checksum/);
  });
  it('a table whose rows changed', async () => {
    const archive = await variant('rows.tar.gz', (es) =>
      es.map((e) => (e.name === 'db/publication.jsonl' ? { ...e, data: Buffer.from(e.data.toString().replace('Kept', 'Evil')) } : e)),
    );
    await expectRefused(archive, BadArchive, /db\/publication\.jsonl does not match its checksum/);
  });
  it('an archive cut short', async () => {
    const out = path.join(scratch, 'cut.tar.gz');
    const whole = fs.readFileSync(file);
    fs.writeFileSync(out, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expectRefused(out, BadArchive, /damaged|incomplete/);
  });
  it('an archive without its manifest', async () => {
    await expectRefused(await variant('nomanifest.tar.gz', (es) => es.filter((e) => e.name !== 'manifest.json')), BadArchive, /incomplete/);
  });
  it('a record whose file is not in the archive', async () => {
    const archive = await variant('nofile.tar.gz', (es) =>
      es
        .filter((e) => !e.name.startsWith('files/publication/'))
        .map((e) =>
          e.name === 'manifest.json'
            ? {
                ...e,
                data: Buffer.from(
                  JSON.stringify({
                    ...JSON.parse(e.data.toString()),
                    files: JSON.parse(e.data.toString()).files.filter((f: { bucket: string }) => f.bucket !== 'publication'),
                  }),
                ),
              }
            : e,
        ),
    );
    await expectRefused(archive, BadArchive, /publication points at files\/publication\/.* which the archive lacks/);
  });
  it('an entry that would climb out of DATA_DIR', async () => {
    const archive = await variant('climb.tar.gz', (es) => [
      ...es.slice(0, 1),
      { name: 'files/media/../../../../evil.txt', data: Buffer.from('x') },
      ...es.slice(1),
    ]);
    await expectRefused(archive, BadArchive, /not an entry a backup holds/);
    expect(fs.existsSync(path.join(target.dataDir, '..', 'evil.txt'))).toBe(false);
  });
  it('a backup of an older or a newer schema', async () => {
    const header = (schema: string) => (es: { name: string; data: Buffer }[]) =>
      es.map((e) => (e.name === 'lab-backup.json' ? { ...e, data: Buffer.from(JSON.stringify({ ...JSON.parse(e.data.toString()), schema })) } : e));
    await expectRefused(
      await variant('older.tar.gz', header('2026-11-22-0003-advisor')),
      RestoreRefused,
      /older version of the site .*restore it with that version/,
    );
    await expectRefused(await variant('newer.tar.gz', header('2099-01-01-0001-future')), RestoreRefused, /newer version of the site/);
  });
  it('a file that is not a backup', async () => {
    const out = path.join(scratch, 'junk.tar.gz');
    fs.writeFileSync(out, Buffer.from('this is not an archive'));
    await expectRefused(out, BadArchive, /damaged or not a backup/);
    await expectRefused(await variant('foreign.tar.gz', (es) => es.slice(1)), BadArchive, /not a lab backup/);
  });
  it('an instance a server is running on', async () => {
    const app = await appOn(target);
    try {
      const held = await contents(target.db);
      await expect(restoreBackup(target.db, target.storage, file, { force: true })).rejects.toThrow(
        /a server or another lab command is running .*stop it first/,
      );
      expect(await contents(target.db)).toEqual(held);
    } finally {
      await app.close();
    }
  });
});

describe.each(dialects)('a restore of a small archive that unpacks to a lot, on %s', (dialect) => {
  let target: BareInstance;
  let scratch: string;
  beforeAll(async () => {
    target = await bareInstance(dialect);
    await (await appOn(target)).close();
    scratch = fs.mkdtempSync(path.join(target.dataDir, '..', 'bomb-'));
  });
  afterAll(() => target?.close());

  it('stops after a few MB, not after the 100 MB table its manifest (last, here absent) would have been checked against', async () => {
    // a right header, then a 100 MB table of one repeated row, written as a stream: about 100 KB packed
    const source = await bareInstance('sqlite');
    const good = path.join(scratch, 'good.tar.gz');
    await (await appOn(source)).close();
    await takeBackup(source.db, source.storage, good);
    await source.close();
    const header = (await entriesOf(good)).find((e) => e.name === 'lab-backup.json');
    const archive = path.join(scratch, 'bomb.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 9 }), fs.createWriteStream(archive));
    pack.entry({ name: 'lab-backup.json' }, header?.data ?? Buffer.alloc(0));
    const MB = 1024 * 1024;
    const table = pack.entry({ name: 'db/people.jsonl', size: 100 * MB });
    const row = Buffer.alloc(MB, '[1]\n');
    for (let i = 0; i < 100; i++) if (!table.write(row)) await new Promise<void>((r) => table.once('drain', () => r()));
    table.end(() => {});
    pack.finalize();
    await written;
    const packed = fs.statSync(archive).size;
    expect(packed).toBeLessThan(500 * 1024);

    // how far the staged table grows while the restore runs
    const staged = path.join(target.storage.tmpDir, 'restore', 'db', 'people.jsonl');
    let largest = 0;
    const sampler = setInterval(() => {
      largest = Math.max(largest, fs.statSync(staged, { throwIfNoEntry: false })?.size ?? 0);
    }, 1);
    const held = await contents(target.db);
    const err = await restoreBackup(target.db, target.storage, archive)
      .catch((e: unknown) => e)
      .finally(() => clearInterval(sampler));
    expect(err).toBeInstanceOf(BadArchive);
    expect(String((err as Error).message)).toMatch(/unpacks to more than 50 times its size/);
    // the budget: 2 MB and 50 times the archive, and one chunk more at most
    expect(largest).toBeLessThanOrEqual(2 * MB + 50 * packed + 64 * 1024);
    expect(largest).toBeLessThan(30 * MB);
    expect(await contents(target.db)).toEqual(held);
    expect(fs.readdirSync(target.storage.tmpDir).filter((f) => f !== '.alive')).toEqual([]);
  });
});
