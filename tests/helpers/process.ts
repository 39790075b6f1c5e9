import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../bench/net.ts';

// The real server and the real lab CLI as separate processes (`node server/main.ts`, `node cli/lab.ts`),
// for the tests that stop, kill or restart them (tests/e2e/shutdown.test.ts, tests/e2e/crash.test.ts).

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export type ServerProcess = { proc: ChildProcess; port: number; url: string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

/** The server (API only, production mode) on `dataDir`; resolves once it answers. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(projectRoot, 'server', 'main.ts')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LAB_API_ONLY: '1', DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited at start (${proc.exitCode}): ${stderr}`);
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
