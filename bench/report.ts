import { seededApp } from './seeded-app.ts';

// The achievement report at 10 000 publications: each answer's time, and the longest
// the event loop was held meanwhile (what another request waits at most). SQLite (DATA_DIR in a temporary
// directory) or PostgreSQL (DATABASE_URL). node bench/report.ts [count]
const count = Number(process.argv[2] ?? 10_000);
const bench = await seededApp('report', count, (n) => ({
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
}));
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
  const res = await bench.get(url);
  const ms = performance.now() - t0;
  held = Math.max(held, performance.now() - last);
  clearInterval(ticker);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  console.log(`${url.padEnd(64)} ${(ms / 1000).toFixed(1)} s, ${(res.rawPayload.length / 1024).toFixed(0)} KiB, event loop held at most ${held.toFixed(0)} ms`);
}
await bench.close();
