import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { loose } from '../server/db/schema.ts';

// The console list's filter, sort and page at 10 000 publications (issue #28): the time of one list call
// as the console makes it, on SQLite (DATA_DIR in a temporary directory) or PostgreSQL (DATABASE_URL).
// node bench/list-page.ts [count]
const count = Number(process.argv[2] ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-list-bench-'));
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
const words = ['argument', 'mining', 'calibration', 'dialogue', 'graph', 'social', 'model', 'agents', 'privacy', 'health'];
for (let i = 0; i < count; i += 500) {
  const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
    const n = i + j;
    return {
      title: `${words[n % 10]} ${words[(n * 7) % 10]} study ${n}`,
      author: JSON.stringify([`Author ${n % 997}`, `Writer ${n % 101}`]),
      source: `Venue ${n % 50}`,
      year: 2000 + (n % 26),
      type: 'paper',
      type_num: 1,
      area: 'none',
      area_num: 0,
    };
  });
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
const queries = [
  '',
  '?limit=10',
  '?limit=10&offset=5000',
  '?q=argument&limit=10',
  '?q=author%20997&limit=10',
  '?q=2013%20graph&limit=25',
  '?sort=title&order=desc&limit=10',
  '?q=nothing&limit=10',
];
for (const q of queries) {
  const times: number[] = [];
  for (let k = 0; k < 20; k++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/publication/${q}`, headers: { authorization: `Token ${token}` } });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`${(q || '(whole list)').padEnd(36)} median ${times[10]?.toFixed(1)} ms  max ${times[19]?.toFixed(1)} ms`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
