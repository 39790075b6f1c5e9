import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { loose } from '../server/db/schema.ts';

// The achievement report at 10 000 publications (issue #29, point 3): each answer's time, and the longest
// the event loop was held meanwhile (what another request waits at most). SQLite (DATA_DIR in a temporary
// directory) or PostgreSQL (DATABASE_URL). node bench/report.ts [count]
const count = Number(process.argv[2] ?? 10_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-report-bench-'));
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
  const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
    const n = i + j;
    return {
      title: `A study of argument graphs, part ${n}`,
      author: JSON.stringify([`Author ${n % 997}`, `Writer ${n % 101}`, `Third ${n % 13}`, `Fourth ${n % 7}`]),
      author_members: JSON.stringify(['auto', 'auto', 'auto', 'auto']),
      source: `Venue ${n % 50}`,
      venue_kind: n % 3 ? 'conference' : 'journal',
      volume: String(n % 40),
      pages: `${n % 300}-${(n % 300) + 12}`,
      year: 2016 + (n % 10),
      type: 'paper',
      type_num: 1,
      area: 'agents',
      area_num: 8,
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
for (const url of [
  '/api/report/?from=2016&to=2025',
  ...['xlsx', 'csv', 'csv', 'docx'].map((f) => `/api/report/export/?format=${f}&from=2016&to=2025&lang=zh`),
]) {
  // the longest gap between ticks of a 5 ms timer: how long another request would have waited
  let last = performance.now();
  let held = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
  const ms = performance.now() - t0;
  held = Math.max(held, performance.now() - last);
  clearInterval(ticker);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  console.log(`${url.padEnd(64)} ${(ms / 1000).toFixed(1)} s, ${(res.rawPayload.length / 1024).toFixed(0)} KiB, event loop held at most ${held.toFixed(0)} ms`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
