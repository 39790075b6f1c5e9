// `npm run bench -- lighthouse`: Lighthouse (mobile) on six public pages of the demo lab, BENCH_RUNS (3) runs
// each, the median reported, with the figures the machine's other load does not move: the JavaScript each page
// requests and evaluates, what of it is unused, and the largest contentful paint's element and bytes.
// BENCH_URL=<a running site> measures that site instead of a demo started here; BENCH_BASE_URL=<another> measures
// that one too, in turns with it.
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';
import { startServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-lighthouse-'));
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
});

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[]; overallSavingsBytes?: number } };
type Report = { categories: { performance: { score: number } }; audits: Record<string, Audit> };
type Run = {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  js: number;
  jsWire: number;
  jsFiles: number;
  evalMs: number;
  unused: number;
  lcpEl: string;
  lcpBytes: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function lighthouse(url: string, out: string): Report {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: 'ignore', timeout: 180_000 },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
}

function figures(r: Report): Run {
  const a = (k: string) => r.audits[k] ?? {};
  const requests = (a('network-requests').details?.items ?? []) as { url: string; resourceType?: string; transferSize?: number; resourceSize?: number }[];
  const scripts = requests.filter((q) => q.resourceType === 'Script');
  const lcp = lcpNode(r);
  // the image's request, whichever of its sizes the browser chose
  const lcpRequest = lcp.src ? requests.find((q) => q.resourceType === 'Image' && new URL(q.url).pathname === lcp.src) : undefined;
  const boot = (a('bootup-time').details?.items ?? []) as { scripting?: number }[];
  return {
    score: Math.round(r.categories.performance.score * 100),
    lcp: a('largest-contentful-paint').numericValue ?? 0,
    tbt: a('total-blocking-time').numericValue ?? 0,
    fcp: a('first-contentful-paint').numericValue ?? 0,
    cls: a('cumulative-layout-shift').numericValue ?? 0,
    js: scripts.reduce((n, q) => n + (q.resourceSize ?? 0), 0),
    jsWire: scripts.reduce((n, q) => n + (q.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    evalMs: boot.reduce((n, b) => n + (b.scripting ?? 0), 0),
    unused: a('unused-javascript').details?.overallSavingsBytes ?? 0,
    lcpEl: lcp.src ? `${lcp.label} ${lcpRequest?.url.replace(/^https?:\/\/[^/]+/, '') ?? lcp.src}` : lcp.label,
    lcpBytes: lcpRequest?.transferSize ?? 0,
  };
}

type Node = { type?: string; selector?: string; nodeLabel?: string; snippet?: string };

/** The largest contentful paint's element as Lighthouse names it, and the address of its image if it is one. */
function lcpNode(r: Report): { label: string; src?: string } {
  const items = (r.audits['lcp-breakdown-insight']?.details?.items ?? []) as Node[];
  const node = items.find((i) => i.type === 'node');
  if (!node) return { label: '?' };
  const src = /^<img[^>]*\ssrc="([^"]*)"/.exec(node.snippet ?? '')?.[1];
  return { label: `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 24)}"`, src: src?.split('?')[0] };
}

/** A member whose page is on this site (a member with a homepage elsewhere is sent there). */
async function ownPage(base: string, people: { username: string; type: string }[]): Promise<string> {
  for (const p of people.filter((q) => q.type !== 'professor'))
    if ((await fetch(`${base}/people/${p.username}`, { redirect: 'manual' })).status === 200) return p.username;
  return people[0]?.username ?? '';
}

async function main() {
  let base = process.env.BENCH_URL;
  if (!base) {
    if (!fs.existsSync(path.join(root, 'build', 'app', 'main.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    const dataDir = path.join(work, 'data');
    execFileSync(process.execPath, [path.join(root, 'cli', 'lab.ts'), 'seed-demo'], {
      env: { ...process.env, DATA_DIR: dataDir, LAB_ADMIN_USERNAME: '', DATABASE_URL: '' },
      stdio: 'ignore',
    });
    const port = await freePort();
    await startServer(root, dataDir, port, children);
    base = `http://127.0.0.1:${port}`;
  }
  const people = (await (await fetch(`${base}/api/read_people/`)).json()) as { username: string; type: string }[];
  const papers = (await (await fetch(`${base}/api/read_publication/`)).json()) as { pid: number }[];
  const pages = [
    ['home', '/'],
    ['people', '/people'],
    ['publication', '/publication'],
    ['person', `/people/${await ownPage(base, people)}`],
    ['paper', `/publication/${papers[0]?.pid ?? 1}`],
    ['projects', '/projects'],
  ] as const;
  // BENCH_BASE_URL: another site (the code before a change, on a copy of the same data), measured in the same
  // minutes, run for run after this one: the machine's load moves both alike
  const sites = [['', base], ...(process.env.BENCH_BASE_URL ? [['base: ', process.env.BENCH_BASE_URL]] : [])] as const;
  console.log(`Lighthouse ${runs}× per page (mobile, simulated throttling), median; ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}\n`);
  console.log('page               score  (runs)        LCP ms   TBT ms   FCP ms   CLS    JS KB (wire, files)   eval ms  unused JS KB  LCP element (KB)');
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [name, p] of pages) {
    const rs = sites.map((): Run[] => []);
    for (let i = 0; i < runs; i++)
      for (const [j, [label, url]] of sites.entries()) {
        try {
          rs[j]?.push(figures(lighthouse(url + p, path.join(work, `${name}-${j}-${i}.json`))));
        } catch (e) {
          console.log(`${label}${name}: run ${i + 1} failed: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    for (const [j, [label]] of sites.entries()) {
      const r = rs[j] as Run[];
      if (r.length === 0) continue;
      const m = (k: keyof Run) => median(r.map((x) => x[k] as number));
      const first = r[0] as Run;
      console.log(
        `${(label + name).padEnd(18)} ${String(m('score')).padStart(5)}  (${r.map((x) => x.score).join(', ')})`.padEnd(38) +
          `${m('lcp').toFixed(0).padStart(6)} ${m('tbt').toFixed(0).padStart(8)} ${m('fcp').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(6)}` +
          `   ${kb(first.js).padStart(6)} (${kb(first.jsWire)}, ${first.jsFiles})  ${m('evalMs').toFixed(0).padStart(7)}  ${kb(first.unused).padStart(12)}  ${first.lcpEl}${first.lcpBytes ? ` (${kb(first.lcpBytes)})` : ''}  ${p}`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
