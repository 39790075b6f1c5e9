import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

// The real server and the real lab CLI as separate processes (`node server/main.ts`, `node cli/lab.ts`),
// for the tests that stop, kill or restart them (tests/e2e/shutdown.test.ts, tests/e2e/crash.test.ts).

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export type ServerProcess = { proc: ChildProcess; port: number; url: string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

/**
 * The server (API only, production mode) on `dataDir`; resolves once it answers. It listens on a port
 * the system chooses (PORT=0), read from its log: a port chosen here and freed before the server takes
 * it could be taken by another test's server in between, and the test would talk to that one.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const { proc, exited, stderr: errors } = spawnServer(dataDir, env);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s: ${errors()}`)), 60_000);
    const onData = (d: Buffer) => {
      out += String(d);
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout?.off('data', onData);
      // keep draining its log, so the server never blocks on a full pipe
      proc.stdout?.resume();
      resolve(Number(m[1]));
    };
    proc.stdout?.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited at start (${code}): ${errors()}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${url}/api/read_site/`);
      await r.arrayBuffer();
      return { proc, port, url, exited };
    } catch (e) {
      if (i > 300) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The server process as startServerProcess starts it, not waited for: for a start that is to fail. */
export function spawnServer(dataDir: string, env: Record<string, string> = {}): Pick<ServerProcess, 'proc' | 'exited'> & { stderr: () => string } {
  const proc = spawn(process.execPath, [path.join(projectRoot, 'server', 'main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LAB_API_ONLY: '1',
      DATABASE_URL: '',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, exited, stderr: () => stderr };
}

/** Logs in over HTTP (CSRF cookie, then the login call) and returns the token. */
export async function loginOverHttp(url: string, username: string, password: string): Promise<string> {
  const csrf = ((await (await fetch(`${url}/api/csrf/`)).json()) as { csrftoken: string }).csrftoken;
  const res = await fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** `npm run lab -- …` as a process of its own. */
export function runLab(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(projectRoot, 'cli', 'lab.ts'), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
    timeout: 120_000,
  });
}

/**
 * `npm run lab -- …` as a process of its own, without blocking this one: for tests whose servers live in the
 * test process (the S3 server of tests/helpers/s3.ts must go on answering while the command runs).
 */
export function runLabAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [path.join(projectRoot, 'cli', 'lab.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  proc.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    proc.once('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    }),
  );
}
