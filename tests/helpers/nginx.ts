import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// A real nginx in front of a test server (Debian's package, installed by .ci/run when missing), configured
// from the repository's recipe (deploy/nginx.conf): its `location / { … }` block as it is, on a loopback
// port, without TLS, under the prefix given (docs/deploy.md, "Under a sub-path"), with the recipe's refusal of
// the metrics (`location = /metrics`) moved under that prefix as the sub-path section says. Anything outside
// those locations answers nginx's own 404, so a link that leaves the prefix is seen. Stopped, and its folder
// removed, by `close`.

export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p));
if (!NGINX) {
  if (process.env.CI) throw new Error('nginx is required under CI (.ci/run installs it)');
  console.warn('[tests] the suites behind nginx are skipped: nginx is not installed (apt-get install nginx)');
}
const RECIPE = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');

export type TestNginx = { url: string; close: () => Promise<void> };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The body of the recipe's block that opens with `opening` (`location / {`), as written there. */
function recipeBlock(opening: string): string {
  const text = fs.readFileSync(RECIPE, 'utf8');
  const start = text.indexOf(opening);
  if (start < 0) throw new Error(`${RECIPE} has no "${opening}" block`);
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(text.indexOf('{', start) + 1, i);
  }
  throw new Error(`${RECIPE}: the block "${opening}" does not close`);
}

/**
 * nginx on a loopback port (a free one unless given: a site whose PUBLIC_URL names it picks it first) passing
 * `prefix` (`/lab/`, or `/` for the root) to the server at `upstream` (host:port).
 */
export async function nginx(upstream: string, prefix: string, port?: number): Promise<TestNginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx; .ci/run does it)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-nginx-'));
  port ??= await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join('\n  ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  ${temp}
  upstream lab {
    server ${upstream};
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 517m;
    proxy_request_buffering off;
    gzip off;
    location ${prefix} {${recipeBlock('location / {')}}
    location = ${prefix}metrics {${recipeBlock('location = /metrics {')}}
    location / { return 404; }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return { url, close };
    await sleep(100);
  }
  const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
  await close();
  throw new Error(`nginx did not start: ${stderr}${log}`.slice(-2000));
}
