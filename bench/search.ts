// `npm run bench -- search`: the site search at a real lab's size. On a freshly seeded
// lab (BENCH_SCALE, default 10k: 10,000 publications with abstracts in English and Chinese, 1,000 people,
// 500 articles, 500 news), it reports
//   - the index: its build time and its memory, in this process, on the same services the server uses;
//   - a production server under BENCH_SEARCHERS (50) concurrent searchers for BENCH_SECONDS, cycling through
//     queries a visitor would type and the costliest one the bounds allow, per query p50/p99;
//   - the same load on a small cached public read, in the same run: the reference the ratio is taken
//     against (the machine is shared and noisy, so ratios compare, not milliseconds);
//   - the search page, rendered for each query, under the same load.
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { createDatabase } from '../server/db/database.ts';
import { documentsOf } from '../server/search/documents.ts';
import { SearchIndex } from '../server/search/search-index.ts';
import { DiskStorage } from '../server/storage/storage.ts';
import type { Size } from './scale-seed.ts';
import { memoryOf, percentile, sleep, startServer } from './server.ts';
import { freePort } from './net.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const searchers = Number(process.env.BENCH_SEARCHERS ?? 50);
const scales = (process.env.BENCH_SCALE ?? '10k').split(',') as Size[];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-search-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** What visitors type: common and rare words, prefixes, Chinese words and names, mixed, nothing found. */
const queries: Record<string, string> = {
  common: 'graph',
  'two words': 'argument mining',
  prefix: 'summar',
  'zh word': '情感分析',
  'zh short': '隐私',
  name: 'Member 42',
  rare: 'topic123',
  mixed: 'graph 隐私',
  none: 'zzqxw',
  // the costliest the bounds allow: 12 three-letter prefixes (more terms are dropped, longer queries cut)
  worst: 'gra arg min soc net pri emb mul age sim hea lea kno lan mod sum',
  // misspelt words (read as the nearest, one and two edits), another form of a word, traditional
  // characters, a pasted DOI no record has (searched again by its words)
  typo: 'argumnet minnig',
  'typo long': 'summarizaiton',
  stem: 'graphs',
  'zh trad': '隱私',
  doi: 'https://doi.org/10.1145/3589334.3645413',
};

async function buildInProcess(dataDir: string): Promise<{ ms: number; mb: number; documents: number }> {
  const db = createDatabase({ dataDir, databaseUrl: undefined });
  const storage = new DiskStorage(dataDir);
  await storage.init();
  try {
    const runs: { ms: number; mb: number; documents: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const before = heapMb();
      const started = performance.now();
      const built: SearchIndex[] = [new SearchIndex((topic) => documentsOf[topic]?.({ db, storage, actor: null, lang: 'en' }))];
      await built[0]?.ready;
      const ms = performance.now() - started;
      // what stays on the heap while the index lives: measured with it held, then let go
      // the first build's figure: once an index was built, V8 keeps part of what it took for the next
      const mb = i === 0 ? heapMb() - before : (runs[0]?.mb ?? 0);
      runs.push({ ms, mb, documents: built[0]?.stats.documents ?? 0 });
      built[0]?.close();
      built.length = 0;
    }
    runs.sort((a, b) => a.ms - b.ms);
    // one never-asked query at a time, in this process: its cost without the HTTP server and the crowd
    // (wall time: the kernel counts a thread's CPU time in 4 ms ticks here)
    const index = new SearchIndex((topic) => documentsOf[topic]?.({ db, storage, actor: null, lang: 'en' }));
    await index.ready;
    const took: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const q = freshQuery();
      const started = performance.now();
      await index.search({ q, lang: 'en' });
      took.push(performance.now() - started);
    }
    index.close();
    took.sort((a, b) => a - b);
    const mean = took.reduce((a, b) => a + b, 0) / took.length;
    const ms = (q: number) => percentile(took, q).toFixed(2);
    console.log(`one never-asked query in process (1,000 queries): mean ${mean.toFixed(2)} ms, p50 ${ms(0.5)}, p99 ${ms(0.99)} ms`);
    return runs[1] as (typeof runs)[number];
  } finally {
    await storage.close();
    await db.destroy();
  }
}

/** A query no one asked before (a common word and a rare one, mostly unique): no ranking kept helps it. */
const titleWords = ['graph', 'argument', 'mining', 'social', 'network', 'privacy', 'agent', 'learning', 'model', 'summarization', 'knowledge'];
let distinct = 0;
const freshQuery = () => {
  distinct++;
  return `${titleWords[distinct % titleWords.length]} topic${Math.floor(Math.random() * 1000)}`;
};

type Figures = { rps: number; errors: number; p50: number; p99: number; perPath: Record<string, { p50: number; p99: number; count: number }> };

async function load(base: string, paths: Record<string, string>, fresh?: (name: string) => string): Promise<Figures> {
  const samples = new Map<string, number[]>(Object.keys(paths).map((k) => [k, []]));
  const measureFrom = performance.now() + 1000;
  let errors = 0;
  const r = await autocannon({
    url: base,
    connections: searchers,
    duration: seconds,
    timeout: 30,
    headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' },
    requests: Object.entries(paths).map(([name, p]) => ({
      method: 'GET' as const,
      path: p,
      setupRequest: (req: autocannon.Request, context: object) => {
        (context as { sentAt?: number }).sentAt = performance.now();
        return fresh ? { ...req, path: fresh(name) } : req;
      },
      onResponse: (status: number, _body: string, context: object) => {
        const sentAt = Number((context as { sentAt?: number }).sentAt);
        if (sentAt < measureFrom) return;
        samples.get(name)?.push(performance.now() - sentAt);
        if (status !== 200) errors++;
      },
    })),
  });
  const all: number[] = [];
  const perPath: Figures['perPath'] = {};
  for (const [name, xs] of samples) {
    xs.sort((a, b) => a - b);
    for (const x of xs) all.push(x);
    perPath[name] = { p50: Math.round(percentile(xs, 0.5)), p99: Math.round(percentile(xs, 0.99)), count: xs.length };
  }
  all.sort((a, b) => a - b);
  return {
    rps: Math.round(r.requests.average),
    errors: errors + r.errors + r.timeouts,
    p50: Math.round(percentile(all, 0.5)),
    p99: Math.round(percentile(all, 0.99)),
    perPath,
  };
}

async function main() {
  // BENCH_NO_BUILD: the page build and bundle as they are
  if (!process.env.BENCH_NO_BUILD) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  for (const scale of scales) {
    // BENCH_DATA: a lab seeded before (a copy is used), to measure again without seeding anew
    const dataDir = path.join(work, scale, 'data');
    const t = performance.now();
    if (process.env.BENCH_DATA) fs.cpSync(process.env.BENCH_DATA, dataDir, { recursive: true });
    else execFileSync(process.execPath, [path.join(import.meta.dirname, 'scale-seed.ts'), dataDir, scale], { stdio: 'ignore' });
    console.log(`\n${process.env.BENCH_DATA ? `copied ${process.env.BENCH_DATA}` : `seeded ${scale}`} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const built = await buildInProcess(dataDir);
    console.log(`index: ${built.documents} documents, built in ${Math.round(built.ms)} ms (median of 3), ${built.mb.toFixed(1)} MB of heap`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, startMs } = await startServer(root, dataDir, port, children);
    const pid = child.pid as number;
    // the server answers before its index is built; the first search waits for it
    const first = performance.now();
    await (await fetch(`${base}/api/search/?q=graph`)).arrayBuffer();
    console.log(`server: first page after ${startMs} ms, first search answered ${Math.round(performance.now() - first)} ms later; RSS ${memoryOf(pid).rss} MB`);

    const api = Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, `/api/search/?q=${encodeURIComponent(q)}`]));
    const page = Object.fromEntries(Object.entries(queries).map(([k, q]) => [k, `/search?q=${encodeURIComponent(q)}`]));
    for (const p of [...Object.values(api), ...Object.values(page), '/api/read_site/']) await (await fetch(base + p)).arrayBuffer();

    const reference = await load(base, { 'read_site (cached)': '/api/read_site/' });
    await sleep(500);
    const searched = await load(base, api);
    await sleep(500);
    const unseen = await load(base, { 'fresh queries': '/api/search/?q=graph' }, () => `/api/search/?q=${encodeURIComponent(freshQuery())}`);
    await sleep(500);
    const pages = await load(base, page);
    const rss = memoryOf(pid);
    child.kill('SIGTERM');

    console.log(`\n${searchers} concurrent clients, ${seconds} s each, client and server on this machine (${os.cpus().length} cores):`);
    console.log('load                       req/s  errors   p50/p99 ms   p99 / reference p99');
    const row = (name: string, f: Figures) =>
      console.log(
        `${name.padEnd(24)} ${String(f.rps).padStart(7)} ${String(f.errors).padStart(7)} ${`${f.p50}/${f.p99}`.padStart(12)}   ${(f.p99 / Math.max(1, reference.p99)).toFixed(2).padStart(6)}`,
      );
    row('reference: read_site', reference);
    row('GET /api/search/', searched);
    row('  fresh queries only', unseen);
    row('/search page', pages);
    console.log('\nper query under load (p50/p99 ms): API | page');
    for (const k of Object.keys(queries)) {
      const a = searched.perPath[k];
      const b = pages.perPath[k];
      console.log(
        `  ${k.padEnd(10)} ${JSON.stringify(queries[k]).slice(0, 40).padEnd(42)} ${`${a?.p50}/${a?.p99}`.padStart(9)} | ${`${b?.p50}/${b?.p99}`.padStart(9)}`,
      );
    }
    console.log(`server RSS after the runs ${rss.rss} MB, peak ${rss.peak} MB`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
