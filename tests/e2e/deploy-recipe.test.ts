import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NGINX, nginx, type TestNginx } from '../helpers/nginx.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { throwawayCertificates } from '../helpers/tls.ts';

// The nginx recipe (deploy/nginx.conf) as docs/deploy.md has it installed: `nginx -t` passes on the nginx of
// this machine (Debian 12's 1.22 in CI, where `http2 on;` was an unknown directive), and the metrics are
// refused through nginx under a sub-path too (`/lab/metrics` passed through, token and all, with only
// `location = /metrics { deny all; }`).

const RECIPE = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');
const TOKEN = 'metrics-token-for-the-recipe-test';

describe.skipIf(!NGINX)('the nginx recipe', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-recipe-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('passes `nginx -t` as shipped, with only its certificate paths pointing at a throwaway certificate', () => {
    const certs = throwawayCertificates();
    onTestFinished(certs.remove);
    const { cert, key } = certs.self;
    const shipped = fs.readFileSync(RECIPE, 'utf8');
    // the recipe's placeholders, named once each; nothing else of it changes
    expect(shipped.split('/etc/ssl/lab/fullchain.pem')).toHaveLength(2);
    expect(shipped.split('/etc/ssl/lab/privkey.pem')).toHaveLength(2);
    fs.writeFileSync(path.join(scratch, 'lab.conf'), shipped.replace('/etc/ssl/lab/fullchain.pem', cert).replace('/etc/ssl/lab/privkey.pem', key));
    // what /etc/nginx/nginx.conf around conf.d/*.conf gives it: an http block (with paths of its own here)
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${scratch}/${t};`).join(' ');
    fs.writeFileSync(
      path.join(scratch, 'nginx.conf'),
      `pid ${scratch}/nginx.pid;\nerror_log ${scratch}/error.log;\nevents {}\nhttp {\n  access_log off;\n  ${temp}\n  include ${scratch}/lab.conf;\n}\n`,
    );
    const tested = spawnSync(NGINX as string, ['-t', '-p', scratch, '-e', path.join(scratch, 'error.log'), '-c', path.join(scratch, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(tested.status, tested.stderr).toBe(0);
    expect(tested.stderr).toContain('test is successful');
  });

  describe('under /lab/, with the metrics on', () => {
    let server: ServerProcess | undefined;
    let proxy: TestNginx | undefined;
    beforeAll(async () => {
      server = await startServerProcess(path.join(scratch, 'data'), { BASE_PATH: '/lab', METRICS_TOKEN: TOKEN });
      proxy = await nginx(`127.0.0.1:${server.port}`, '/lab/');
    }, 90_000);
    afterAll(async () => {
      await proxy?.close();
      server?.proc.kill('SIGTERM');
      await server?.exited;
    });

    it('refuses /lab/metrics through nginx, however it is written, while the instance serves it to Prometheus', async () => {
      const bearer = { authorization: `Bearer ${TOKEN}` };
      const direct = await fetch(`${server?.url}/lab/metrics`, { headers: bearer });
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('lab_http_requests_total');
      const site = proxy?.url as string;
      expect((await fetch(`${site}/lab/healthz`)).status).toBe(200);
      for (const p of ['/lab/metrics', '/lab/metrics?x=1', '/lab/%6detrics', '/lab//metrics', '/lab/./metrics']) {
        const res = await fetch(`${site}${p}`, { headers: bearer });
        const body = await res.text();
        expect(res.status, p).toBe(403);
        expect(body, p).not.toContain('lab_');
      }
    });
  });
});
