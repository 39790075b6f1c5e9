import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../cli/demo/seed.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { buckets } from '../../server/storage/storage.ts';
import { storedFiles } from '../../server/storage/file-columns.ts';
import { appOn, type BareInstance, bareInstance, dialects } from '../helpers/app.ts';
import { type Contents, contents } from '../helpers/contents.ts';
import { runLabAsync } from '../helpers/process.ts';
import { bucketObjects, s3Bucket } from '../helpers/s3.ts';

// `lab backup` / `lab restore` with the files in an S3 bucket: the archive holds the
// bucket's files as it holds the disk's, and a restore puts them back into whichever storage the target
// has: another bucket, on either database, or the disk (and so a lab moves between the two through a
// backup as well as with `lab storage move`).

describe('a backup of a lab whose files are in S3', () => {
  let src: BareInstance;
  let scratch: string;
  let file: string;
  let before: Contents;
  const made: BareInstance[] = [];

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-backup-s3-'));
    src = await bareInstance('sqlite', await s3Bucket());
    made.push(src);
    const app = await appOn(src);
    try {
      // the demo lab stores files in every bucket a record of it may use, through the services
      await seedDemo(app.lab.db, app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
    } finally {
      await app.close();
    }
    before = await contents(src.db, src.storageEnv);
    for (const b of buckets.filter((b) => b !== 'image' && storedFiles.some((f) => f.bucket === b)))
      expect(
        Object.keys(before.files).some((f) => f.startsWith(`${b}/`)),
        b,
      ).toBe(true);
    expect(fs.existsSync(path.join(src.dataDir, 'files'))).toBe(false);

    file = path.join(scratch, 'lab.tar.gz');
    const r = await runLabAsync(['backup', file], { DATA_DIR: src.dataDir, ...src.storageEnv });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${Object.keys(before.files).length} files`);
  }, 120_000);
  afterAll(async () => {
    for (const i of made) await i.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it.each(dialects)('restores into another bucket, on %s: every record and file the same', async (to) => {
    const target = await bareInstance(to, await s3Bucket());
    made.push(target);
    await restoreBackup(target.db, target.storage, file);
    expect(await contents(target.db, target.storageEnv)).toEqual(before);
    expect(fs.existsSync(path.join(target.dataDir, 'files'))).toBe(false);
  });

  it('restores into a lab on disk: the bucket’s files land in DATA_DIR/files', async () => {
    const target = await bareInstance('sqlite', {});
    made.push(target);
    await restoreBackup(target.db, target.storage, file);
    expect(await contents(target.db)).toEqual(before);
  });

  it('lab restore puts the files into the bucket its environment names, and nowhere else', async () => {
    const dataDir = path.join(scratch, 'cli-target', 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const s3 = await s3Bucket();
    const r = await runLabAsync(['restore', file], { DATA_DIR: dataDir, ...s3 });
    expect(r.status, r.stderr).toBe(0);
    expect(await contents({ dataDir }, s3)).toEqual(before);
    const names = (await bucketObjects(s3)).map((o) => o.name);
    expect(names.length).toBe(Object.keys(before.files).length);
    expect(names.sort()).toEqual(Object.keys(before.files).sort());
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('a restore --force over a lab in a bucket takes the replaced files out into removed/', async () => {
    const target = await bareInstance('sqlite', await s3Bucket());
    made.push(target);
    await restoreBackup(target.db, target.storage, file);
    // a file of the target that the backup does not hold (as if uploaded after it)
    const extra = await target.storage.write('data', Buffer.from('not in the backup'), 'txt');
    await restoreBackup(target.db, target.storage, file, { force: true });
    expect(await contents(target.db, target.storageEnv)).toEqual(before);
    expect((await bucketObjects(target.storageEnv)).map((o) => o.name)).toContain(`removed/data/${extra}`);
  });
});
