// `npm run bench -- scale`: the public site at a real lab's size (issue #11). For each lab size (the demo as
// the reference, 1k and 10k publications; BENCH_SCALE picks), a production server on a freshly seeded
// SQLite lab takes BENCH_CONNECTIONS (200) concurrent readers cycling through public pages and reads while
// an administrator writes a news item every 5 s. With BENCH_COMPARE=<git rev>, that revision's server runs
// the same load on a copy of the same data in the same run: compare the ratios, the machine is shared.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Size } from './scale-seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const scales = (process.env.BENCH_SCALE ?? 'demo,1k,10k').split(',') as Size[];
const compare = process.env.BENCH_COMPARE;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-scale-'));
const children: ChildProcess[] = [];
const ADMIN = { username: 'labadmin', password: 'bench-admin-password' };

process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  if (compare) spawnSyncQuiet('git', ['worktree', 'remove', '--force', path.join(work, 'compare')]);
  fs.rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

function spawnSyncQuiet(cmd: string, args: string[], cwd = root) {
  try {
    execFileSync(cmd, args, { cwd, stdio: 'ignore' });
  } catch {
    /* best effort */
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** A production server of the code at `dir` on `dataDir`; resolves once `/` answers, with the time that took. */
async function startServer(dir: string, dataDir: string, port: number): Promise<{ child: ChildProcess; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(dir, 'server', 'main.ts')], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '', LAB_ADMIN_USERNAME: '', LOGIN_RATE_LIMIT: '1000' },
    stdio: 'ignore',
  });
  children.push(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${dir} exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { child, startMs: Math.round(performance.now() - started) };
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
}

async function login(base: string): Promise<string> {
  const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrftoken: string };
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf.csrftoken}`, 'x-csrftoken': csrf.csrftoken },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return body.token;
}

type Result = { rps: number; p50: number; p99: number; errors: number; writes: number; failedWrites: number; startMs: number; idleMb: number; peakMb: number; cold: Record<string, number> };

async function measure(dir: string, dataDir: string, port: number): Promise<Result> {
  const base = `http://127.0.0.1:${port}`;
  const { child, startMs } = await startServer(dir, dataDir, port);
  const idleMb = memoryOf(child.pid as number).rss;
  const token = await login(base);
  const aid = ((await (await fetch(`${base}/api/read_article/`)).json()) as { aid: number }[])[0]?.aid ?? 1;
  const paths = ['/', '/people', '/publication', `/news/${aid}`, '/curriculum', '/api/read_publication/', '/api/read_people/', '/api/read_news/'];

  // one write empties the page cache: how long each path then takes to render on its own
  const write = async (n: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ abstract: `Bench write ${n}`, content_en: '<p>bench</p>', content_zh: '<p>bench</p>', release: 'true' })) form.append(k, v);
    const r = await fetch(`${base}/api/news/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
    return r.ok;
  };
  await write(0);
  const cold: Record<string, number> = {};
  for (const p of paths) {
    const t = performance.now();
    await (await fetch(base + p, { headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' } })).arrayBuffer();
    cold[p] = Math.round(performance.now() - t);
  }

  let writes = 0;
  let failedWrites = 0;
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      await sleep(5000);
      if (stop) break;
      writes++;
      if (!(await write(writes).catch(() => false))) failedWrites++;
    }
  })();
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { 'accept-language': 'en', 'accept-encoding': 'gzip, br' },
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  stop = true;
  await writer;
  const { peak } = memoryOf(child.pid as number);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, writes, failedWrites, startMs, idleMb, peakMb: peak, cold };
}

async function main() {
  let compareDir: string | undefined;
  if (compare) {
    compareDir = path.join(work, 'compare');
    console.log(`Checking out ${compare} beside this tree and building its pages…`);
    execFileSync('git', ['worktree', 'add', '--detach', compareDir, compare], { cwd: root, stdio: 'ignore' });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(compareDir, 'node_modules'));
    execFileSync(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], { cwd: compareDir, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
    execFileSync(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' });
  }
  console.log(`\n${connections} concurrent readers over 5 pages and 3 public reads, ${seconds} s, one administrator write every 5 s; client and server on this machine (${os.cpus().length} cores).`);
  const rows: string[] = [];
  for (const scale of scales) {
    const dataDir = path.join(work, scale, 'data');
    const t = performance.now();
    execFileSync(process.execPath, [path.join(import.meta.dirname, 'scale-seed.ts'), dataDir, scale], { stdio: 'ignore' });
    console.log(`seeded ${scale} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const runs: [string, string, string][] = [['this tree', root, dataDir]];
    if (compareDir) {
      const copy = path.join(work, scale, 'data-compare');
      fs.cpSync(dataDir, copy, { recursive: true });
      runs.push([compare as string, compareDir, copy]);
    }
    for (const [label, dir, data] of runs) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const m = await measure(dir, data, port);
      const cold = Object.entries(m.cold).map(([p, ms]) => `${p} ${ms}`).join(', ');
      rows.push(
        `${scale.padEnd(6)} ${label.padEnd(10)} ${m.rps.toFixed(0).padStart(7)} ${String(m.errors).padStart(7)} ${`${m.p50}/${m.p99} ms`.padStart(16)} ${`${m.idleMb}/${m.peakMb} MB`.padStart(14)} ${`${m.startMs} ms`.padStart(9)} ${`${m.writes - m.failedWrites}/${m.writes}`.padStart(7)}   ${cold}`,
      );
      console.log(rows[rows.length - 1]);
    }
  }
  console.log('\nlab    server       req/s  errors   p50/p99 latency   RSS idle/peak     start  writes   first render after a write (ms)');
  for (const r of rows) console.log(r);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
