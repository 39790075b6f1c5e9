import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tablesOf } from '../../server/backup/tables.ts';
import { createDatabase, type DatabaseOptions } from '../../server/db/database.ts';
import { loose } from '../../server/db/schema.ts';
import { s3Config } from '../../server/config.ts';
import { buckets, createStorage } from '../../server/storage/storage.ts';

// All an instance holds, to compare two instances (a backup's source and its restore) or one instance
// before and after something that must change nothing: every row of every table a backup holds, in
// primary-key order, and the SHA-256 of every stored file.

export type Contents = { tables: Record<string, unknown[]>; files: Record<string, string> };

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The contents of an instance; its files on the disk, or in the bucket `storageEnv` names (S3_* variables). */
export async function contents(opts: DatabaseOptions, storageEnv: Record<string, string> = {}): Promise<Contents> {
  const db = createDatabase(opts);
  try {
    const tables: Contents['tables'] = {};
    for (const t of await tablesOf(db)) {
      let q = loose(db).selectFrom(t.name).select(t.columns);
      for (const k of t.primaryKey) q = q.orderBy(k);
      tables[t.name] = await q.execute();
    }
    const files: Contents['files'] = {};
    const s3 = s3Config(storageEnv);
    if (s3) {
      const storage = await createStorage({ dataDir: opts.dataDir, s3 });
      try {
        for (const b of buckets) {
          for await (const f of storage.files(b)) {
            const got = await storage.open(b, f.key);
            const chunks: Buffer[] = [];
            for await (const c of got?.stream ?? []) chunks.push(c as Buffer);
            files[`${b}/${f.key}`] = sha256(Buffer.concat(chunks));
          }
        }
      } finally {
        await storage.close();
      }
      return { tables, files };
    }
    for (const b of buckets) {
      const dir = path.join(opts.dataDir, 'files', b);
      for (const key of fs.existsSync(dir) ? fs.readdirSync(dir) : []) files[`${b}/${key}`] = sha256(fs.readFileSync(path.join(dir, key)));
    }
    return { tables, files };
  } finally {
    await db.destroy();
  }
}
