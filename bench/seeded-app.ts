import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { loose } from '../server/db/schema.ts';

// The app the in-process benchmarks (list-page.ts, report.ts) measure: SQLite in a temporary directory or
// PostgreSQL (DATABASE_URL), `count` publications made by `publicationOf`, and an administrator's token.

export async function seededApp(name: string, count: number, publicationOf: (n: number) => Record<string, unknown>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lab-${name}-bench-`));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LAB_ADMIN_USERNAME: 'admin',
      LAB_ADMIN_PASSWORD: 'admin-password-1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
  });
  const db = loose(app.lab.db);
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => publicationOf(i + j));
    await db.insertInto('publication').values(rows).execute();
  }
  const login = await app.inject({ method: 'GET', url: '/api/csrf/' });
  const csrf = login.cookies.find((c) => c.name === 'csrftoken')?.value as string;
  const r = await app.inject({
    method: 'POST',
    url: '/api/login/',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    payload: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
  });
  const token = (r.json() as { token: string }).token;
  return {
    app,
    /** GET `url` as the administrator. */
    get: (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } }),
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
