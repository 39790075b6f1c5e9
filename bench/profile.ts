// `npm run bench -- profile`: where a cached answer's CPU goes. The demo lab, a
// production server from the sources under `node --cpu-prof`, 50 connections on BENCH_PATH (`/`) for
// BENCH_SECONDS (8) after a warm-up; then the profile's heaviest functions (self time) and its top-down
// tree down to 2 % of the samples, a flame graph in text (docs/performance.md).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './net.ts';
import { sleep } from './server.ts';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-profile-'));
const dataDir = path.join(work, 'data');
const url = process.env.BENCH_PATH ?? '/';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

execFileSync(process.execPath, [path.join(root, 'cli', 'lab.ts'), 'seed-demo'], {
  env: { ...process.env, DATA_DIR: dataDir, LAB_ADMIN_USERNAME: '', DATABASE_URL: '' },
  stdio: 'ignore',
});
const port = await freePort();
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${work}`, path.join(root, 'server', 'main.ts')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  if (child.exitCode !== null || tries > 600) throw new Error('the server did not start');
  if (
    await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await sleep(100);
}
// BENCH_ENCODING=gzip (or 'gzip, deflate, br'): the hit as a browser asks for it, in its compressed form
const encoding = process.env.BENCH_ENCODING;
const load = (duration: number) =>
  autocannon({ url: base + url, connections: 50, duration, headers: { 'accept-language': 'en', ...(encoding ? { 'accept-encoding': encoding } : {}) } });
await load(2);
const r = await load(seconds);
console.log(`${url}: ${r.requests.average.toFixed(0)} req/s under the profiler`);
child.kill('SIGINT');
await new Promise((resolve) => child.once('exit', resolve));

const file = fs.readdirSync(work).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const p = JSON.parse(fs.readFileSync(path.join(work, file), 'utf8')) as Profile;
fs.rmSync(work, { recursive: true, force: true });
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const own = new Map<number, number>();
p.samples.forEach((id, i) => {
  own.set(id, (own.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
});
const total = [...own.values()].reduce((a, b) => a + b, 0);
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber + 1}`;
const inclusive = new Map<number, number>();
const sum = (n: Node): number => {
  const t = (own.get(n.id) ?? 0) + (n.children ?? []).reduce((a, c) => a + sum(byId.get(c) as Node), 0);
  inclusive.set(n.id, t);
  return t;
};
sum(p.nodes[0] as Node);
const selfByName = new Map<string, number>();
for (const n of p.nodes) selfByName.set(name(n), (selfByName.get(name(n)) ?? 0) + (own.get(n.id) ?? 0));
const pct = (t: number) => ((t / total) * 100).toFixed(1).padStart(5);
console.log('\nself time (% of samples):');
for (const [k, t] of [...selfByName].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)} ${k}`);
console.log('\ntop-down (% of samples, inclusive; down to 2 %):');
const print = (n: Node, depth: number) => {
  const t = inclusive.get(n.id) ?? 0;
  if (t / total < 0.02 || depth > 16) return;
  console.log(`${pct(t)} ${'  '.repeat(depth)}${name(n)}`);
  for (const c of (n.children ?? []).map((id) => byId.get(id) as Node).sort((a, b) => (inclusive.get(b.id) ?? 0) - (inclusive.get(a.id) ?? 0)))
    print(c, depth + 1);
};
print(p.nodes[0] as Node, 0);
