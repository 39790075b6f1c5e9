// `npm run bench -- process`: what one idle production process costs (docs/performance.md): the RSS of
// importing the page build alone, the time from starting the server as `npm start` does (the bundle
// build/app/main.js; BENCH_ENTRY=server/main.ts for the sources) to the first page served,
// and the RSS once every public page has been rendered once and the process has settled.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

const root = path.resolve(import.meta.dirname, '..');
const pages = ['/', '/news', '/people', '/publication', '/curriculum', '/sharedtask', '/DISCOpen', '/login', '/console'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The V8 flags of `npm start` (package.json; docs/performance.md says why); BENCH_NODE_FLAGS='' measures without. */
const startFlags = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=8 --heap-growing-percent=20').split(' ').filter(Boolean);
const entry = process.env.BENCH_ENTRY ?? 'build/app/main.js';

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function once(dataDir: string): Promise<{ firstMs: number; idleMb: number; startMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...startFlags, path.join(root, entry)], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      LAB_ADMIN_USERNAME: 'admin',
      LAB_ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    let firstMs = 0;
    for (;;) {
      try {
        if ((await fetch(`${base}/`)).ok) {
          firstMs = Math.round(performance.now() - started);
          break;
        }
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 30_000) throw new Error('the server did not come up');
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMb = rssMb(child.pid as number);
    for (const p of pages) {
      const res = await fetch(base + p);
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 2000));
    return { firstMs, idleMb: rssMb(child.pid as number), startMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const build = path.join(root, 'build', 'server', 'index.js');
if (!fs.existsSync(build)) execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-process-'));
try {
  const dataDir = path.join(work, 'data');
  execFileSync(process.execPath, [path.join(root, 'cli', 'lab.ts'), 'seed-demo'], {
    env: { ...process.env, DATA_DIR: dataDir, LAB_ADMIN_USERNAME: '', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const imports: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(build)}); console.log(process.memoryUsage().rss / 1e6)`],
      { env: { ...process.env, NODE_ENV: 'production' } },
    );
    imports.push(Math.round(Number(String(out).trim())));
  }
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(dataDir));
  console.log(`server: node ${[...startFlags, entry].join(' ')}${process.env.NODE_COMPILE_CACHE ? ', compile cache on' : ''}`);
  console.log(`import build/server/index.js alone: RSS ${median(imports)} MB (runs: ${imports.join(', ')})`);
  console.log(`first page after start:            ${median(results.map((r) => r.firstMs))} ms (runs: ${results.map((r) => r.firstMs).join(', ')})`);
  console.log(`RSS at the first page:             ${median(results.map((r) => r.startMb))} MB`);
  console.log(
    `idle RSS after every public page:  ${median(results.map((r) => r.idleMb))} MB (runs: ${results.map((r) => r.idleMb).join(', ')}; pages: ${pages.join(' ')})`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
