import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// What the benchmarks that load a production server share (scale.ts, search.ts): starting it as
// `npm start` does, logging in, reading its memory, and the percentiles of what was measured.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The value below which a share `q` of the sorted samples lie. */
export const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/**
 * Peak and current resident memory of a process, in MB (Linux /proc), and the resident memory split into
 * anonymous (heaps, buffers: what the process holds) and file-backed pages (code, mapped files: the kernel
 * can drop them).
 */
export function memoryOf(pid: number): { rss: number; peak: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rss: Math.round(kb('VmRSS') / 1024),
    peak: Math.round(kb('VmHWM') / 1024),
    anon: Math.round(kb('RssAnon') / 1024),
    file: Math.round((kb('RssFile') + kb('RssShmem')) / 1024),
  };
}

/**
 * A production server of the code at `dir` on `dataDir` (added to `children`, for the caller to stop);
 * resolves once `/` answers, with the time that took.
 */
export async function startServer(
  dir: string,
  dataDir: string,
  port: number,
  children: ChildProcess[],
  extra: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<{ child: ChildProcess; startMs: number }> {
  const started = performance.now();
  // as `npm start` runs it (package.json): the bundle where the revision builds one, else its sources
  const bundle = path.join(dir, 'build', 'app', 'main.js');
  const entry = fs.existsSync(bundle) ? bundle : path.join(dir, 'server', 'main.ts');
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--heap-growing-percent=20', ...(extra.nodeArgs ?? []), entry], {
    cwd: dir,
    env: {
      // as scripts/start.sh sets it, unless the bench's caller chose
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
      ...process.env,
      ...extra.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      LAB_ADMIN_USERNAME: '',
      LOGIN_RATE_LIMIT: '1000',
    },
    // BENCH_SERVER_LOG: the server's output (for example with BENCH_NODE_ARGS=--trace-gc) into that file
    stdio: process.env.BENCH_SERVER_LOG ? ['ignore', fs.openSync(`${process.env.BENCH_SERVER_LOG}.${port}`, 'a'), 'inherit'] : 'ignore',
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

/** A session token of the seeded administrator. */
export async function login(base: string, account: { username: string; password: string }): Promise<string> {
  const csrf = (await (await fetch(`${base}/api/csrf/`)).json()) as { csrftoken: string };
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf.csrftoken}`, 'x-csrftoken': csrf.csrftoken },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`bench login failed: ${JSON.stringify(body)}`);
  return body.token;
}
