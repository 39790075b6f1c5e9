// `npm run bench`: the public pages against nginx serving the very same HTML bytes, measured side by
// side in one run on this machine (the machines are shared and noisy: compare ratios, not absolutes),
// plus the gzipped JavaScript and CSS each page loads and, unless BENCH_LIGHTHOUSE=0, Lighthouse scores in
// both colour themes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from './net.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of app then nginx per page: the machine is shared, so the ratio is taken round by round and the median reported. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const lighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
/**
 * The forms a page is measured in, as browsers ask: no coding, gzip (Accept-Encoding: gzip) and brotli (what
 * Chromium and Firefox send). BENCH_FORMS=plain,gzip,br chooses among them.
 */
const ALL_FORMS = [
  { name: 'plain', title: 'No Accept-Encoding (the plain bytes):', acceptEncoding: undefined, encoding: undefined, suffix: '' },
  { name: 'gzip', title: 'Accept-Encoding: gzip (nginx: gzip_static, the same .gz bytes):', acceptEncoding: 'gzip', encoding: 'gzip', suffix: '.gz' },
  {
    name: 'br',
    title: 'Accept-Encoding: gzip, deflate, br (nginx: the same .br bytes from a file):',
    acceptEncoding: 'gzip, deflate, br',
    encoding: 'br',
    suffix: '.br',
  },
];
const FORMS = ALL_FORMS.filter((f) => (process.env.BENCH_FORMS ?? 'plain,gzip,br').split(',').includes(f.name));

/** The load's client: autocannon (a Node process) or wrk (C, reads bodies without decoding them), BENCH_TOOL. */
const tool = process.env.BENCH_TOOL === 'wrk' ? 'wrk' : 'autocannon';
type Load = { rps: number; p99: number; errors: number };
const wrkBin = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));

const loadHeaders = (acceptEncoding: string | undefined) => ({ 'accept-language': 'en', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });

function runAutocannon(url: string, acceptEncoding: string | undefined): Promise<Load> {
  return autocannon({ url, connections, duration: seconds, headers: loadHeaders(acceptEncoding) }).then((r) => ({
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  }));
}

/** wrk's figures read from its report (one thread, the same connections and headers). */
function runWrk(url: string, acceptEncoding: string | undefined): Promise<Load> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(loadHeaders(acceptEncoding))) args.push('-H', `${k}: ${v}`);
  const out = execFileSync(wrkBin ?? 'wrk is missing', [...args, url], { encoding: 'utf8' });
  const ms = (v: string | undefined) => {
    const m = /^([\d.]+)(us|ms|s)$/.exec(v ?? '');
    return m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : Number.NaN;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return Promise.resolve({
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: Math.round(ms(/ 99%\s+(\S+)/.exec(out)?.[1])),
    errors: Number(errors) + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  });
}

/** The bytes of an answer as sent, in the coding asked for (fetch would decode them). */
function rawBody(url: string, acceptEncoding: string | undefined): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { 'accept-language': 'en', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-'));
const children: ChildProcess[] = [];

async function waitFor(url: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function cleanup() {
  for (const c of children) c.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

async function main() {
  if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) {
    console.log('Building the pages…');
    execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dataDir = path.join(work, 'data');
  console.log('Seeding the demo lab…');
  execFileSync(process.execPath, [path.join(root, 'cli', 'lab.ts'), 'seed-demo'], {
    env: { ...process.env, DATA_DIR: dataDir, LAB_ADMIN_USERNAME: '', DATABASE_URL: '' },
    stdio: 'ignore',
  });

  // BENCH_BASE_DIR: another checkout (its page build made) served on the same data in the same rounds, to
  // compare a change's ratio with the code before it under the same load of the machine
  const baseDir = process.env.BENCH_BASE_DIR;
  let before: string | undefined;
  if (baseDir) {
    const port = await freePort();
    const other = spawn(process.execPath, [path.join(baseDir, 'server', 'main.ts')], {
      cwd: baseDir,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '' },
      stdio: 'ignore',
    });
    children.push(other);
    before = `http://127.0.0.1:${port}`;
    await waitFor(`${before}/api/read_site/`);
  }
  const appPort = await freePort();
  const app = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(appPort), HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  children.push(app);
  const base = `http://127.0.0.1:${appPort}`;
  await waitFor(`${base}/api/read_site/`);
  const articles = (await (await fetch(`${base}/api/read_article/`)).json()) as { aid: number }[];
  const pages = [
    ['home', '/'],
    ['people', '/people'],
    ['publication', '/publication'],
    ['article', `/news/${articles[0]?.aid ?? 1}`],
  ] as const;

  // nginx serves the bytes the app answers, from files
  const htmlDir = path.join(work, 'html');
  fs.mkdirSync(htmlDir);
  // nginx's worker (user nobody when started as root) must be able to read the files
  fs.chmodSync(work, 0o755);
  fs.chmodSync(htmlDir, 0o755);
  // each form as the app sends it (fetch would decompress): nginx sends the .gz by gzip_static, the .br by its
  // own address (Debian's nginx has no brotli module), with the coding named
  for (const [name, p] of pages) {
    for (const form of ALL_FORMS) {
      const body = await rawBody(base + p, form.acceptEncoding);
      if (body.encoding !== form.encoding) throw new Error(`${p} asked with ${form.acceptEncoding} came as ${body.encoding ?? 'plain'}`);
      fs.writeFileSync(path.join(htmlDir, `${name}.html${form.suffix}`), body.bytes);
    }
  }
  const nginxPort = await freePort();
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;\nerror_log ${work}/nginx-error.log;\npid ${work}/nginx.pid;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  default_type text/html;\n  client_body_temp_path ${work}/nginx-tmp;\n  gzip_static on;\n  server {\n    listen 127.0.0.1:${nginxPort}; root ${htmlDir};\n    location ~ \\.br$ { types { } default_type text/html; add_header Content-Encoding br; add_header Vary Accept-Encoding; }\n  }\n}\n`,
  );
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!nginxBin) throw new Error("nginx is missing: apt-get install nginx (Debian's package)");
  if (tool === 'wrk' && !['/usr/bin/wrk', '/usr/local/bin/wrk'].some((p) => fs.existsSync(p)))
    throw new Error("wrk is missing: apt-get install wrk (Debian's package)");
  const nginx = spawn(nginxBin, ['-c', conf, '-p', work, '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(nginx);
  await waitFor(`http://127.0.0.1:${nginxPort}/home.html`);

  const run = (url: string, acceptEncoding?: string) => (tool === 'wrk' ? runWrk : runAutocannon)(url, acceptEncoding);

  console.log(
    `\nLoad: ${tool}, ${connections} connections, ${rounds} rounds of ${seconds} s on the app then on nginx per page, client and servers on this machine (${os.cpus().length} cores).`,
  );
  if (tool === 'autocannon')
    console.log(
      'autocannon decodes every body into a string: a compressed one costs it several times what the server spends (decisions/080); BENCH_TOOL=wrk measures the same without.',
    );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const ratioRows: string[] = [];
  for (const form of FORMS) {
    console.log(`\n${form.title}`);
    console.log('page         app req/s   app p99   nginx req/s   nginx p99   app/nginx (median of rounds; each round)');
    for (const [name, p] of pages) {
      const nginxUrl = `http://127.0.0.1:${nginxPort}/${name}.html${form.suffix === '.br' ? '.br' : ''}`;
      await run(base + p, form.acceptEncoding); // warm the page cache and the JIT
      if (before) await run(before + p, form.acceptEncoding);
      const app: Awaited<ReturnType<typeof run>>[] = [];
      const old: Awaited<ReturnType<typeof run>>[] = [];
      const ngx: Awaited<ReturnType<typeof run>>[] = [];
      for (let i = 0; i < rounds; i++) {
        app.push(await run(base + p, form.acceptEncoding));
        if (before) old.push(await run(before + p, form.acceptEncoding));
        ngx.push(await run(nginxUrl, form.acceptEncoding));
      }
      const ratios = app.map((a, i) => a.rps / (ngx[i] as { rps: number }).rps);
      const a = { rps: median(app.map((x) => x.rps)), p99: median(app.map((x) => x.p99)), errors: app.reduce((n, x) => n + x.errors, 0) };
      const n = { rps: median(ngx.map((x) => x.rps)), p99: median(ngx.map((x) => x.p99)) };
      console.log(
        `${name.padEnd(12)} ${a.rps.toFixed(0).padStart(9)} ${`${a.p99} ms`.padStart(9)} ${n.rps.toFixed(0).padStart(13)} ${`${n.p99} ms`.padStart(11)} ${`${(median(ratios) * 100).toFixed(1)}%`.padStart(11)} (${ratios.map((r) => r.toFixed(2)).join(', ')})${a.errors ? `  (${a.errors} errors)` : ''}`,
      );
      if (before) {
        const oldRatios = old.map((o, i) => o.rps / (ngx[i] as { rps: number }).rps);
        ratioRows.push(
          `${`${name} ${form.name}`.padEnd(18)} ${median(old.map((x) => x.rps))
            .toFixed(0)
            .padStart(9)} ${`${(median(oldRatios) * 100).toFixed(1)}%`.padStart(11)} (${oldRatios.map((r) => r.toFixed(2)).join(', ')})`,
        );
      }
    }
  }
  if (before) {
    console.log(`\n${baseDir} in the same rounds:\npage, form         app req/s   app/nginx`);
    for (const r of ratioRows) console.log(r);
  }

  console.log('\nJavaScript and CSS each page loads (gzip; the CSS is inline in the HTML):');
  for (const [name, p] of pages) {
    // a connection of its own: one kept from before the load may have been closed by the server meanwhile
    const html = (await rawBody(base + p, undefined)).bytes.toString('utf8');
    const assets = new Set([...html.matchAll(/\/assets\/[A-Za-z0-9._-]+\.(?:js|css)/g)].map((m) => m[0]));
    let js = 0;
    // the stylesheet is inlined into <head> (docs/decisions/005-public-pages.md): count it where it is
    let css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + gzipSync(Buffer.from(m[1] ?? '')).length, 0);
    for (const a of assets) {
      const size = gzipSync((await rawBody(base + a, undefined)).bytes, { level: 9 }).length;
      if (a.endsWith('.css')) css += size;
      else js += size;
    }
    console.log(`${name.padEnd(12)} js ${(js / 1024).toFixed(1).padStart(6)} KB   css ${(css / 1024).toFixed(1).padStart(5)} KB   (${assets.size} files)`);
  }

  if (lighthouse) {
    // each page in both colour themes, chosen by the cookie the theme menu sets (the server renders it)
    console.log('\nLighthouse (mobile): performance / accessibility / best practices / SEO, in the light and the dark theme');
    const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
    const scores = (name: string, url: string, theme: 'light' | 'dark') => {
      const out = path.join(work, `lh-${name}-${theme}.json`);
      try {
        execFileSync(
          process.execPath,
          [
            path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
            url,
            '--quiet',
            '--output=json',
            `--output-path=${out}`,
            '--only-categories=performance,accessibility,best-practices,seo',
            `--extra-headers=${JSON.stringify({ Cookie: `theme=${theme}` })}`,
            `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync`,
          ],
          { env: { ...process.env, CHROME_PATH: chrome }, stdio: 'ignore', timeout: 180_000 },
        );
        const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }> };
        const s = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        return `${s('performance')} / ${s('accessibility')} / ${s('best-practices')} / ${s('seo')}`;
      } catch (e) {
        return `failed: ${(e as Error).message.split('\n')[0]}`;
      }
    };
    for (const [name, p] of pages) {
      console.log(`${name.padEnd(12)} light ${scores(name, base + p, 'light').padEnd(20)} dark ${scores(name, base + p, 'dark')}`);
    }
  }
}

// `npm run bench -- scale`: the site at a real lab's size (bench/scale.ts); `-- search`: the site search at that size
// (bench/search.ts); `-- process`: one idle process (bench/process.ts); `-- history`: what revisions and the
// trash cost a save (bench/history.ts); `-- profile`: where a cached answer's CPU goes (bench/profile.ts);
// `-- lighthouse`: six public pages' Lighthouse scores and weight, median of three runs (bench/lighthouse.ts)
const modes: Record<string, () => Promise<unknown>> = {
  scale: () => import('./scale.ts').then(() => new Promise<never>(() => {})),
  search: () => import('./search.ts').then(() => new Promise<never>(() => {})),
  process: () => import('./process.ts'),
  history: () => import('./history.ts'),
  profile: () => import('./profile.ts'),
  lighthouse: () => import('./lighthouse.ts').then(() => new Promise<never>(() => {})),
};
const entry = (modes[process.argv[2] ?? ''] ?? main)();
entry.then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
