// `npm run bench -- scale`: the public site at a real lab's size. For each lab size (the empty
// lab as the reference, the demo, 1k and 10k publications; BENCH_SCALE picks), a production server on a freshly seeded
// SQLite lab takes BENCH_CONNECTIONS (200) concurrent readers cycling through public pages and reads while
// an administrator writes a news item every 5 s. With BENCH_COMPARE=<git rev>, that revision's server runs
// the same load on a copy of the same data in the same run: compare the ratios, the machine is shared.
// With BENCH_FILL=http, each lab starts as the demo and the server itself is filled
// through the API, every record by an HTTP call as a lab importing its history would (bench/scale-fill.ts),
// and the resident memory is reported after the fill, after the load, after BENCH_IDLE_S (30) idle seconds
// and after forced collections (bench/gc-signal.ts). BENCH_NODE_ARGS adds flags to the server's node.
// BENCH_IDLE_MIN=10 waits that many minutes after the last lab's load, reading the RSS each minute. The last table
// prints each figure beside its reference (the empty lab's in the same run, or the goal).
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { isPublicResource, publicListPath, publicReadPath, publicRecordPath, type ResourceDef } from '../common/resource.ts';
import { resources } from '../common/resources/index.ts';
import type { Size } from './scale-seed.ts';
import { fillOverHttp } from './scale-fill.ts';
import { login, memoryOf, percentile, sleep, startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const scales = (process.env.BENCH_SCALE ?? 'empty,demo,1k,10k').split(',') as Size[];
const compare = process.env.BENCH_COMPARE;
const fillHttp = process.env.BENCH_FILL === 'http';
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 30);
/** BENCH_IDLE_MIN: after the load of the last lab of BENCH_SCALE (the largest), that many minutes idle, the RSS read each minute (off unless set). */
const idleMinutes = Number(process.env.BENCH_IDLE_MIN ?? 0);
/** The goals each figure is printed beside (docs/performance.md, Figures by date). */
const GOAL = { startMs: 1000, rssAfterLoadMb: 350, idleWithin: 0.2 };
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

type PathFigures = { count: number; errors: number; p50: number; p99: number };
type Result = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  perPath: Record<string, PathFigures>;
  writes: number;
  failedWrites: number;
  startMs: number;
  idleMb: number;
  warmMb: number;
  peakMb: number;
  junkGrowthMb: number;
  /** RSS (MB) after the load and the junk query strings. */
  loadMb: number;
  /** BENCH_IDLE_MIN: the RSS (MB) after each idle minute. */
  idleSamples: number[];
  cold: Record<string, number>;
  gzipKb: Record<string, number>;
  /** BENCH_FILL=http: records created, seconds it took, and RSS (MB) after the fill, the load, the idle time and the collections. */
  fill?: {
    records: number;
    seconds: number;
    afterFillMb: number;
    afterLoadMb: number;
    afterIdleMb: number;
    afterGcMb: number;
    afterLastResortMb: number;
    heapUsedMb: number;
  };
};

async function measure(dir: string, dataDir: string, port: number, fillSize?: Size, idleMinutes = 0): Promise<Result> {
  const base = `http://127.0.0.1:${port}`;
  const memoryFile = path.join(work, `memory-${port}.json`);
  const { child, startMs } = await startServer(dir, dataDir, port, children, {
    // this tree's hook, whatever the revision measured
    nodeArgs: ['--expose-gc', '--import', path.join(import.meta.dirname, 'gc-signal.ts'), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { BENCH_MEMORY_FILE: memoryFile },
  });
  const pid = child.pid as number;
  const idleMb = memoryOf(pid).rss;
  const token = await login(base, ADMIN);
  let fill: Omit<NonNullable<Result['fill']>, 'afterLoadMb' | 'afterIdleMb' | 'afterGcMb' | 'afterLastResortMb' | 'heapUsedMb'> | undefined;
  if (fillSize) {
    const t = performance.now();
    const records = await fillOverHttp(base, token, fillSize);
    const m = memoryOf(pid);
    fill = { records, seconds: Math.round((performance.now() - t) / 1000), afterFillMb: m.rss };
    console.log(`   filled through the API: ${records} records in ${fill.seconds} s, RSS ${m.rss} MB (anonymous ${m.anon}, files ${m.file})`);
  }
  const aid = ((await (await fetch(`${base}/api/read_article/`)).json()) as { aid: number }[])[0]?.aid;
  const pages = [
    '/',
    '/news',
    '/people',
    '/people?tab=former',
    '/publication',
    '/publication?area=4',
    // the rank filter reads the rank columns of every publication when its page is not cached
    '/publication?rank=ccf-a',
    '/curriculum',
    '/sharedtask',
    '/DISCOpen',
    ...(aid ? [`/news/${aid}`] : []),
  ];
  const reads = ['/api/read_publication/', '/api/read_people/', '/api/read_news/', '/api/read_article/', '/api/read_seminar/', '/api/read_site/'];
  // every declared public resource's list page, its first record's page and its read
  const declared: string[] = [];
  for (const res of Object.values(resources as Record<string, ResourceDef>).filter(isPublicResource)) {
    const rows = (await (await fetch(base + publicReadPath(res))).json()) as Record<string, unknown>[];
    const first = Array.isArray(rows) ? rows[0]?.[res.id] : undefined;
    declared.push(publicListPath(res), ...(first !== undefined ? [publicRecordPath(res, String(first))] : []), publicReadPath(res));
  }
  const paths = [...pages, ...reads, ...declared];
  const headers = { 'accept-language': 'en', 'accept-encoding': 'gzip, br' };

  // every public page and read once, then the process at rest: the "idle after warm-up" figure
  for (const p of paths) await (await fetch(base + p, { headers })).arrayBuffer();
  await sleep(2000);
  const warmMb = memoryOf(pid).rss;

  // a write makes what it changes stale: how long each path then takes to answer on its own
  const write = async (n: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ abstract: `Bench write ${n}`, content_en: '<p>bench</p>', content_zh: '<p>bench</p>', release: 'true' }))
      form.append(k, v);
    const r = await fetch(`${base}/api/news/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
    return r.ok;
  };
  const publicationWrite = async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Bench publication', author: '["A. Bench"]', source: 'ACL' })) form.append(k, v);
    await fetch(`${base}/api/publication/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
  };
  await write(0);
  await publicationWrite();
  const cold: Record<string, number> = {};
  const gzipKb: Record<string, number> = {};
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(base + p, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    cold[p] = Math.round(performance.now() - t);
    gzipKb[p] = Math.round(Number(res.headers.get('content-length') ?? 0) / 1024);
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
  // each answer's latency per path: autocannon prepares a client's next request just before sending it
  const samples = new Map<string, { latencies: number[]; errors: number }>(paths.map((p) => [p, { latencies: [], errors: 0 }]));
  // the first second opens the 200 connections: its answers carry the connect time, not the server's
  const measureFrom = performance.now() + 1000;
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 30,
    headers,
    requests: paths.map((p) => ({
      method: 'GET' as const,
      path: p,
      setupRequest: (req: autocannon.Request, context: object) => {
        (context as { sentAt?: number }).sentAt = performance.now();
        return req;
      },
      onResponse: (status: number, _body: string, context: object) => {
        const s = samples.get(p);
        const sentAt = Number((context as { sentAt?: number }).sentAt);
        if (!s || sentAt < measureFrom) return;
        s.latencies.push(performance.now() - Number((context as { sentAt?: number }).sentAt));
        if (status !== 200) s.errors++;
      },
    })),
  });
  stop = true;
  await writer;
  const { peak } = memoryOf(pid);
  const perPath: Record<string, PathFigures> = {};
  for (const [p, s] of samples) {
    const sorted = s.latencies.sort((a, b) => a - b);
    perPath[p] = { count: sorted.length, errors: s.errors, p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)) };
  }

  // 2,000 requests with query strings no page reads must not grow the process
  await sleep(1000);
  const beforeJunk = memoryOf(pid).rss;
  for (let i = 0; i < 2000; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        fetch(`${base}${i % 40 ? '/people' : '/publication'}?utm_source=bench${i + k}&fbclid=${Math.random()}`, { headers }).then((res) => res.arrayBuffer()),
      ),
    );
  }
  await sleep(1000);
  const after = memoryOf(pid);
  const junkGrowthMb = after.rss - beforeJunk;
  const idleSamples: number[] = [];
  for (let minute = 1; minute <= idleMinutes; minute++) {
    await sleep(60_000);
    idleSamples.push(memoryOf(pid).rss);
    console.log(`   idle ${minute} min: RSS ${idleSamples[idleSamples.length - 1]} MB`);
  }
  let filled: Result['fill'];
  if (fill) {
    const afterLoadMb = after.rss;
    console.log(`   after the load: RSS ${after.rss} MB (anonymous ${after.anon}, files ${after.file})`);
    await sleep(idleSeconds * 1000);
    const afterIdleMb = memoryOf(pid).rss;
    fs.rmSync(memoryFile, { force: true });
    process.kill(pid, 'SIGUSR2');
    while (!fs.existsSync(memoryFile)) await sleep(100);
    await sleep(100);
    const m = JSON.parse(fs.readFileSync(memoryFile, 'utf8')) as {
      beforeGc: Record<string, number>;
      afterGc: { rss: number };
      afterLastResort: { rss: number; heapUsed: number };
    };
    console.log(`   after ${idleSeconds} s idle: RSS ${afterIdleMb} MB; V8 before collecting (MB): ${JSON.stringify(m.beforeGc)}`);
    filled = { ...fill, afterLoadMb, afterIdleMb, afterGcMb: m.afterGc.rss, afterLastResortMb: m.afterLastResort.rss, heapUsedMb: m.afterLastResort.heapUsed };
  }

  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    perPath,
    writes,
    failedWrites,
    startMs,
    idleMb,
    warmMb,
    peakMb: Math.max(peak, after.peak),
    junkGrowthMb,
    loadMb: after.rss,
    idleSamples,
    cold,
    gzipKb,
    ...(filled ? { fill: filled } : {}),
  };
}

/** One lab's figures, each with its reference: the line docs/performance.md's "Figures by date" is filled from. */
function figuresRow(scale: string, label: string, m: Result, refRps: number | undefined, refStart: number | undefined): string {
  const loadMb = m.loadMb;
  const idle = m.idleSamples.at(-1);
  const start = `${m.startMs} ms (${m.startMs < GOAL.startMs ? 'met' : 'over'}, ${refStart ? `×${(m.startMs / refStart).toFixed(2)}` : '-'})`;
  const rps = `${m.rps.toFixed(0)} (${refRps ? `×${(m.rps / refRps).toFixed(2)}` : '-'})`;
  const rss = `${loadMb} MB (${loadMb <= GOAL.rssAfterLoadMb ? 'met' : 'over'}) / ${m.peakMb} MB`;
  const idleText = idle === undefined ? '-' : `${idle} MB (×${(idle / loadMb).toFixed(2)}, ${idle <= loadMb * (1 + GOAL.idleWithin) ? 'met' : 'over'})`;
  return `${scale.padEnd(6)} ${label.padEnd(10)} ${start.padEnd(28)} ${rps.padEnd(17)} ${`${m.p99} ms`.padEnd(8)} ${rss.padEnd(26)} ${idleText}`;
}

async function main() {
  let compareDir: string | undefined;
  if (compare) {
    compareDir = path.join(work, 'compare');
    console.log(`Checking out ${compare} beside this tree and building its pages…`);
    execFileSync('git', ['worktree', 'add', '--detach', compareDir, compare], { cwd: root, stdio: 'ignore' });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(compareDir, 'node_modules'));
    execFileSync(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], {
      cwd: compareDir,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  // this tree as `npm run build` makes it: the page build and the server bundle
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  console.log(
    `\n${connections} concurrent readers over the public pages and reads, ${seconds} s, one administrator write every 5 s; client and server on this machine (${os.cpus().length} cores).`,
  );
  const rows: string[] = [];
  const fillRows: string[] = [];
  const figureRows: string[] = [];
  const reference = new Map<string, number>();
  const referenceStart = new Map<string, number>();
  for (const scale of scales) {
    const dataDir = path.join(work, scale, 'data');
    const t = performance.now();
    // filled through the API, the lab starts as the demo (the empty lab, the reference, stays empty)
    const seeded = fillHttp && scale !== 'empty' ? 'demo' : scale;
    execFileSync(process.execPath, [path.join(import.meta.dirname, 'scale-seed.ts'), dataDir, seeded], { stdio: 'ignore' });
    console.log(`seeded ${scale} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const runs: [string, string, string][] = [['this tree', root, dataDir]];
    if (compareDir) {
      const copy = path.join(work, scale, 'data-compare');
      fs.cpSync(dataDir, copy, { recursive: true });
      runs.push([compare as string, compareDir, copy]);
    }
    for (const [label, dir, data] of runs) {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const m = await measure(dir, data, port, fillHttp && seeded !== scale ? scale : undefined, scale === scales.at(-1) ? idleMinutes : 0);
      if (m.fill)
        fillRows.push(
          `${scale.padEnd(6)} ${label.padEnd(10)} ${String(m.fill.records).padStart(7)} ${`${m.fill.seconds} s`.padStart(7)} ${String(m.idleMb).padStart(6)} ${String(m.fill.afterFillMb).padStart(6)} ${String(m.fill.afterLoadMb).padStart(6)} ${String(m.fill.afterIdleMb).padStart(6)} ${String(m.fill.afterGcMb).padStart(6)} ${String(m.fill.afterLastResortMb).padStart(6)} ${String(m.fill.heapUsedMb).padStart(6)}`,
        );
      if (scale === 'empty') reference.set(label, m.rps);
      if (scale === 'empty') referenceStart.set(label, m.startMs);
      const ref = reference.get(label);
      const ratio = ref ? (m.rps / ref).toFixed(2) : '-';
      figureRows.push(figuresRow(scale, label, m, ref, referenceStart.get(label)));
      rows.push(
        `${scale.padEnd(6)} ${label.padEnd(10)} ${m.rps.toFixed(0).padStart(7)} ${ratio.padStart(6)} ${String(m.errors).padStart(7)} ${`${m.p50}/${m.p99} ms`.padStart(16)} ${`${m.idleMb}/${m.warmMb}/${m.peakMb} MB`.padStart(18)} ${`${m.junkGrowthMb} MB`.padStart(8)} ${`${m.startMs} ms`.padStart(9)} ${`${m.writes - m.failedWrites}/${m.writes}`.padStart(7)}`,
      );
      console.log(rows[rows.length - 1]);
      console.log('   per path under load (answers, errors, p50/p99 ms) | first answer after a write (ms, gzip KB):');
      for (const [p, f] of Object.entries(m.perPath))
        console.log(
          `     ${p.padEnd(30)} ${String(f.count).padStart(7)} ${String(f.errors).padStart(5)} ${`${f.p50}/${f.p99}`.padStart(12)}   ${String(m.cold[p] ?? '-').padStart(5)} ${String(m.gzipKb[p] ?? '-').padStart(6)}`,
        );
    }
  }
  console.log('\nlab    server       req/s  ratio  errors   p50/p99 latency  RSS idle/warm/peak   +junk     start  writes');
  for (const r of rows) console.log(r);
  console.log(
    "ratio: req/s over the empty lab's in this run; warm: at rest after every path answered once; +junk: RSS growth over 2,000 requests with unknown query strings.",
  );
  console.log(
    `\nEach figure beside its reference in this run (the empty lab's, or the goal): start (goal < ${GOAL.startMs} ms; × the empty lab's), req/s (× the empty lab's), p99, RSS after the load (goal ≤ ${GOAL.rssAfterLoadMb} MB) and peak, and${idleMinutes ? ` after ${idleMinutes} min idle (goal: within ${GOAL.idleWithin * 100} % of after the load)` : ' idle (BENCH_IDLE_MIN=10 to measure)'}`,
  );
  console.log('lab    server       start (goal, × empty)        req/s (× empty)   p99      RSS load (goal) / peak     idle (× load)');
  for (const r of figureRows) console.log(r);
  if (fillRows.length > 0) {
    console.log(
      `\nFilled through the API (RSS in MB): started, after the fill, after the load, after ${idleSeconds} s idle, after a full GC, after a last-resort GC; heap used at the end`,
    );
    console.log('lab    server     records    fill  start   fill   load   idle     gc   last   heap');
    for (const r of fillRows) console.log(r);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
