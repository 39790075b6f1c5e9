import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketObjects, s3Bucket } from '../helpers/s3.ts';
import { ensureBuild, root } from './server.ts';

// What `npm start` runs: the server bundled into one file by `npm run build` (vite.server.config.ts),
// started as production on a fresh data folder: it migrates, creates the first administrator, renders
// pages through the page build, logs in (the native argon2 outside the bundle), serves the API docs
// (swagger-ui's own files) and resizes images (sharp, loaded on first use).

const outDir = path.join(root, 'build', `app-test-${process.pid}`);
const ADMIN = { username: 'bundleadmin', password: 'bundle-admin-password' };
const ADMIN_ENV = { LAB_ADMIN_USERNAME: ADMIN.username, LAB_ADMIN_PASSWORD: ADMIN.password };

describe('the bundled server of npm start', () => {
  let child: ChildProcess | undefined;
  let base = '';
  let dataDir = '';
  /** What the server wrote to its standard output: its log. */
  let stdout = '';

  beforeAll(async () => {
    await ensureBuild();
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const built = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.server.config.ts', '--outDir', outDir], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(built.status, built.stderr).toBe(0);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bundle-'));
    const port = 30000 + Math.floor(Math.random() * 20000);
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LAB_ADMIN_USERNAME: ADMIN.username,
        LAB_ADMIN_PASSWORD: ADMIN.password,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout?.on('data', (d) => {
      stdout += String(d);
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bundle exited (${child.exitCode}): ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the bundle did not answer: ${stderr}`);
      try {
        if ((await fetch(`${base}/`)).status === 200) break;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one file that imports no module of the project and none of what it bundles', () => {
    const code = fs.readFileSync(path.join(outDir, 'main.js'), 'utf8');
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1] as string);
    expect(imports.some((s) => s.startsWith('.') && !s.startsWith('./assets/'))).toBe(false);
    for (const bundled of ['fastify', 'kysely', 'zod', 'sanitize-html', 'unified']) expect(imports, bundled).not.toContain(bundled);
  });

  it('loads at start none of what only a campus login, the bucket, a mail, an image, a report or a citation needs', () => {
    // the files main.js imports, and theirs, in turn: what Node loads before the first answer. Each package
    // bundled into them is named by a `// node_modules/<package>/` line (vite.server.config.ts: not minified).
    const loaded = new Set<string>();
    const walk = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const code = fs.readFileSync(file, 'utf8');
      for (const m of code.matchAll(/^import (?:.* from )?"([^"]+)";$/gm)) {
        const spec = m[1] as string;
        if (spec.startsWith('.')) walk(path.resolve(path.dirname(file), spec));
        else
          expect(
            ['sharp', '@aws-sdk/client-s3'].some((lazy) => spec === lazy || spec.startsWith(`${lazy}/`)),
            `${file} imports ${spec}`,
          ).toBe(false);
      }
    };
    walk(path.join(outDir, 'main.js'));
    expect(loaded.size).toBeGreaterThan(1);
    const bundled = new Set<string>();
    for (const file of loaded)
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\/\/ (?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) bundled.add(m[1] as string);
    expect(bundled).toContain('fastify');
    const lazy = [
      'ldapts',
      'openid-client',
      'oauth4webapi',
      '@aws-sdk/client-s3',
      '@smithy/smithy-client',
      'nodemailer',
      'sharp',
      '@citation-js/core',
      'exceljs',
      'docx',
      'jszip',
      'otplib',
      'qrcode',
      'pinyin-pro',
    ];
    expect(lazy.filter((name) => bundled.has(name))).toEqual([]);
  });

  it('logs each request as a JSON line with its request id, and never a token or a cookie', async () => {
    const secret = `Token secret-${Date.now()}`;
    const r = await fetch(`${base}/api/me/`, { headers: { authorization: secret, cookie: 'lab_session=cookie-secret' } });
    expect(r.status).toBe(401);
    const logged = () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { reqId?: string; req?: { url?: string }; res?: { statusCode?: number } });
    // every line is JSON (pino's); the request's one line carries its id
    const idOf = () => logged().find((x) => x.req?.url === '/api/me/')?.reqId;
    await expect.poll(() => logged().some((x) => x.reqId !== undefined && x.reqId === idOf() && x.res?.statusCode === 401)).toBe(true);
    expect(idOf()).toMatch(/\S/);
    expect(stdout).not.toContain('secret-');
    expect(stdout).not.toContain('cookie-secret');
  });

  it('renders pages from a fresh database, in both languages', async () => {
    const en = await fetch(`${base}/people`, { headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(200);
    expect(await en.text()).toContain('<html lang="en"');
    const zh = await (await fetch(`${base}/people?lang=zh`)).text();
    expect(zh).toContain('<html lang="zh-CN"');
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${base}/static/favicon.svg`)).status).toBe(200);
  });

  it('logs the first administrator in, checks an uploaded image (sharp, loaded on first use), serves the API documentation, previews BibTeX and renders a long markdown page (worker threads)', async () => {
    const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrftoken: string };
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf.csrftoken}`, 'x-csrftoken': csrf.csrftoken },
      body: JSON.stringify(ADMIN),
    });
    const session = (await login.json()) as { loginStatus: string; token: string };
    expect(session.loginStatus).toBe('success');
    const form = new FormData();
    form.append('files[0]', new Blob([fs.readFileSync(path.join(root, 'public', 'static', 'default-portrait.png'))], { type: 'image/png' }), 'portrait.png');
    const upload = await fetch(`${base}/api/image/`, { method: 'POST', headers: { authorization: `Token ${session.token}` }, body: form });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const images = (await (await fetch(`${base}/api/image/`, { headers: { authorization: `Token ${session.token}` } })).json()) as { url: string }[];
    expect(images).toHaveLength(1);
    const docs = await fetch(`${base}/api/docs/static/index.html`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    // the BibTeX preview's worker thread: a file of its own in the bundle (vite.server.config.ts)
    const preview = await fetch(`${base}/api/publication/import/preview/`, {
      method: 'POST',
      headers: { authorization: `Token ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: '@article{k1, title={M{\\"u}ller}, author={Doe, Jane}, journal={J}, year=2020}' }),
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect(((await preview.json()) as { record?: { title: string } }[])[0]?.record?.title).toBe('Müller');
    // a long markdown page: rendered in the markdown worker thread, also a file of its own in the bundle
    const page = new FormData();
    for (const [k, v] of Object.entries({
      section: 'course',
      title_zh: '长页',
      slug: 'Bundle-page',
      markdown_zh: `# Bundle page\n\n${'Words of a long page. '.repeat(200)}`,
    }))
      page.append(k, v);
    const saved = await fetch(`${base}/api/page/`, { method: 'POST', headers: { authorization: `Token ${session.token}` }, body: page });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const shown = await fetch(`${base}/curriculum/Bundle-page`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<h1 id="bundle-page">Bundle page</h1>');
  });

  it('writes a long report’s GB/T references in its own worker file', async () => {
    const worker = new Worker(path.join(outDir, 'report-worker.js'));
    const pub = {
      pid: 1,
      title: 'Bundled References',
      author: ['Qinghe Li'],
      author_parts: [],
      source: 'Journal of Bundles',
      type: 'paper',
      venue_kind: 'journal',
    };
    const answer = new Promise<{ result?: string[]; error?: string }>((resolve) => worker.once('message', resolve));
    // as server/services/report-files.ts posts it: the task's head, its list in parts, the end
    worker.postMessage({ head: { task: 'references', list: [], style: 'gb-t-7714-2025' } });
    worker.postMessage({
      part: [
        {
          ...pub,
          year: 2024,
          month: null,
          volume: '3',
          issue: '',
          pages: '1-9',
          publisher: '',
          edition: '',
          isbn: '',
          place: '',
          editors: [],
          editor_parts: [],
          doi: '',
          link1: '',
          abstract: '',
          keywords: [],
          title_protected: [],
        },
      ],
    });
    worker.postMessage({ end: true });
    try {
      expect(await answer).toEqual({ result: ['Li Q. Bundled references[J]. Journal of Bundles，2024，3：1-9.'] });
    } finally {
      await worker.terminate();
    }
  });

  it('writes a heavy style’s references (Chicago) in the style worker’s own file, the engine kept for the next call', { timeout: 60_000 }, async () => {
    const worker = new Worker(path.join(outDir, 'style-worker.js'));
    const pub = {
      pid: 1,
      title: 'Bundled References',
      author: ['Qinghe Li'],
      source: 'Journal of Bundles',
      type: 'paper',
      venue_kind: 'journal',
      year: 2024,
      volume: '3',
      pages: '1-9',
      editors: [],
      keywords: [],
    };
    const answers: { id: number; references?: string[]; error?: string }[] = [];
    worker.on('message', (a) => answers.push(a));
    // as server/services/csl/heavy-styles.ts posts it: a call's number, the style, the publications
    worker.postMessage({ id: 1, style: 'chicago-author-date', list: [pub] });
    worker.postMessage({ id: 2, style: 'chicago-author-date', list: [{ ...pub, pid: 2, title: 'Second' }] });
    try {
      await expect.poll(() => answers.length, { timeout: 50_000 }).toBe(2);
      expect(answers).toEqual([
        { id: 1, references: ['Li, Qinghe. 2024. “Bundled References.” Journal of Bundles 3: 1–9.'] },
        { id: 2, references: ['Li, Qinghe. 2024. “Second.” Journal of Bundles 3: 1–9.'] },
      ]);
    } finally {
      await worker.terminate();
    }
  });

  it('keeps its files in an S3 bucket when S3_BUCKET says so (the SDK, loaded with the first use, inside the bundle)', { timeout: 60_000 }, async () => {
    const s3 = await s3Bucket();
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bundle-s3-'));
    const port = 30000 + Math.floor(Math.random() * 20000);
    const url = `http://127.0.0.1:${port}`;
    const s3child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: ownDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LAB_API_ONLY: '1',
        ...ADMIN_ENV,
        DATABASE_URL: '',
        ...s3,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    s3child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (s3child.exitCode !== null) throw new Error(`the bundle exited (${s3child.exitCode}): ${stderr}`);
        if (Date.now() > deadline) throw new Error(`the bundle did not answer: ${stderr}`);
        const ready = await fetch(`${url}/readyz`).catch(() => undefined);
        if (ready?.status === 200) {
          expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const csrf = (await (await fetch(`${url}/api/csrf/`)).json()) as { csrftoken: string };
      const login = await fetch(`${url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf.csrftoken}`, 'x-csrftoken': csrf.csrftoken },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const bytes = Buffer.from('a data file kept in the bucket');
      const form = new FormData();
      form.append('owner', 'public');
      form.append('files[0]', new Blob([new Uint8Array(bytes)]), 'kept.txt');
      const upload = await fetch(`${url}/api/data/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form });
      expect(upload.status, await upload.clone().text()).toBe(200);
      const [row] = (await (await fetch(`${url}/api/data/`, { headers: { authorization: `Token ${token}` } })).json()) as { url: string }[];
      // a data file is the lab's members' (decision 064)
      const part = await fetch(`${url}${row?.url}`, { headers: { authorization: `Token ${token}`, range: 'bytes=2-5' } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('data');
      expect((await bucketObjects(s3)).map((o) => o.name)).toContain(`data/${row?.url.split('/')[3]}`);
      expect(fs.existsSync(path.join(ownDir, 'files'))).toBe(false);
    } finally {
      s3child.kill('SIGKILL');
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  });
});
