import { seededApp } from './seeded-app.ts';

// The console list's filter, sort and page at 10 000 publications: the time of one list call
// as the console makes it, on SQLite (DATA_DIR in a temporary directory) or PostgreSQL (DATABASE_URL).
// node bench/list-page.ts [count]
const count = Number(process.argv[2] ?? 10_000);
const words = ['argument', 'mining', 'calibration', 'dialogue', 'graph', 'social', 'model', 'agents', 'privacy', 'health'];
const bench = await seededApp('list', count, (n) => ({
  title: `${words[n % 10]} ${words[(n * 7) % 10]} study ${n}`,
  author: JSON.stringify([`Author ${n % 997}`, `Writer ${n % 101}`]),
  source: `Venue ${n % 50}`,
  year: 2000 + (n % 26),
  type: 'paper',
  type_num: 1,
  area: 'none',
  area_num: 0,
}));
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
    const res = await bench.get(`/api/publication/${q}`);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`${(q || '(whole list)').padEnd(36)} median ${times[10]?.toFixed(1)} ms  max ${times[19]?.toFixed(1)} ms`);
}
await bench.close();
