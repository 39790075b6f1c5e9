import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { DatabaseOptions } from '../../server/db/database.ts';
import type { Dialect, TestApp } from './app.ts';

// Backup archives in tests (tests/api/backup*.test.ts): a test app's database options, and archives read and
// packed again with an entry changed.

/** The database options of a test app, as `lab backup` would be given them. */
export const optionsOf = (t: TestApp, dialect: Dialect, schema?: string): DatabaseOptions => ({
  dataDir: t.dataDir,
  ...(dialect === 'postgres' ? { databaseUrl: t.app.lab.config.databaseUrl, pgSchema: schema as string } : {}),
});

/** The PostgreSQL schema of a test app (makeApp sets it as the connection's search_path). */
export async function schemaOf(t: TestApp): Promise<string> {
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(t.app.lab.db);
  return r.rows[0]?.s as string;
}

/** The entries of a (small) archive, to be changed and packed again. */
export async function entriesOf(file: string): Promise<{ name: string; data: Buffer }[]> {
  const out: { name: string; data: Buffer }[] = [];
  const extract = tar.extract();
  const done = (async () => {
    for await (const e of extract) {
      const chunks: Buffer[] = [];
      for await (const c of e) chunks.push(c as Buffer);
      out.push({ name: e.header.name, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(fs.readFileSync(file)));
  await done;
  return out;
}

/** An archive of `entries`, gzipped, written to `file`. */
export async function packTo(file: string, entries: { name: string; data: Buffer }[]): Promise<void> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const c of pack) chunks.push(c as Buffer);
  })();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  await done;
  fs.writeFileSync(file, gzipSync(Buffer.concat(chunks)));
}
