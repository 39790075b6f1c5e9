import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tablesOf } from '../../server/backup/tables.ts';
import { createDatabase, type DatabaseOptions } from '../../server/db/database.ts';
import { loose } from '../../server/db/schema.ts';
import { buckets } from '../../server/storage/storage.ts';

// All an instance holds, to compare two instances (a backup's source and its restore) or one instance
// before and after something that must change nothing: every row of every table a backup holds, in
// primary-key order, and the SHA-256 of every stored file.

export type Contents = { tables: Record<string, unknown[]>; files: Record<string, string> };

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function contents(opts: DatabaseOptions): Promise<Contents> {
  const db = createDatabase(opts);
  try {
    const tables: Contents['tables'] = {};
    for (const t of await tablesOf(db)) {
      let q = loose(db).selectFrom(t.name).select(t.columns);
      for (const k of t.primaryKey) q = q.orderBy(k);
      tables[t.name] = await q.execute();
    }
    const files: Contents['files'] = {};
    for (const b of buckets) {
      const dir = path.join(opts.dataDir, 'files', b);
      for (const key of fs.existsSync(dir) ? fs.readdirSync(dir) : []) files[`${b}/${key}`] = sha256(fs.readFileSync(path.join(dir, key)));
    }
    return { tables, files };
  } finally {
    await db.destroy();
  }
}
