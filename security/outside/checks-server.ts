// Points 2 (the log, after checks-logins.ts), 6 (the backup), 7 (one address per page) and 8 (slow clients) of the
// third round (docs/security.md). Writes $OUT/results-2.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { DATA_DIR, OUT, ROOT, SITE, call, flush, note, sleep, sql, verdict } from './lib.ts';

const port = Number(new URL(SITE).port);

// ---------------------------------------------------------------- 2: grep the server's stdout log
note('## 2. Secrets in the log (grep of $OUT/server.log, the stdout/stderr of `npm start`)');
{
  const log = fs.readFileSync(`${OUT}/server.log`, 'utf8');
  const secrets = JSON.parse(fs.readFileSync(`${OUT}/secrets.json`, 'utf8')) as Record<string, string>;
  let leaked = 0;
  for (const [name, value] of Object.entries(secrets)) {
    if (!value) continue;
    const n = log.split(value).length - 1;
    if (n) leaked++;
    note(`    ${name}: ${value.slice(0, 12)}… occurrences in the log: ${n}`);
  }
  const sample = log
    .split('\n')
    .filter((l) => /callback|invitation\/|password-reset\/\?|no\/such/.test(l))
    .slice(0, 6);
  note(`    sample log lines:\n${sample.map((l) => `        ${l.slice(0, 260)}`).join('\n')}`);
  verdict(
    '2',
    leaked === 0,
    `none of the ${Object.values(secrets).filter(Boolean).length} recorded secrets (invitation and reset tokens sent in the query, OIDC code/state, CAS ticket/state, probes) is in the ${log.length}-byte log`,
  );
}

// ---------------------------------------------------------------- 6: backup
note('\n## 6. Backup holds no TOTP seed');
{
  const file = `${OUT}/backup.tar.gz`;
  fs.rmSync(file, { force: true });
  const out = execFileSync('bash', ['-c', `npm run --silent lab -- backup ${file} 2>&1`], { cwd: ROOT, env: { ...process.env, DATA_DIR }, encoding: 'utf8' });
  note(`    $ DATA_DIR=${DATA_DIR} npm run lab -- backup ${file}\n        ${out.trim().split('\n').join('\n        ')}`);
  const dir = `${OUT}/backup-x`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  execFileSync('tar', ['-xzf', file, '-C', dir]);
  const list = execFileSync('bash', ['-c', `cd ${dir} && find . -type f | sort | head -50`], { encoding: 'utf8' });
  const tf = execFileSync('bash', ['-c', `cd ${dir} && find . -iname '*two_factor*' -exec ls -l {} \\; -exec sh -c 'zcat -f "$1" | head -c 300' _ {} \\;`], {
    encoding: 'utf8',
  });
  note(`    files containing two_factor: ${tf.trim() || '(none)'}`);
  const seeds = sql('select person_pid, secret from two_factor').split('\n').filter(Boolean);
  note(`    two_factor rows in the live DB: ${seeds.length} (columns person_pid|secret: ${seeds.map((s) => s.replace(/\|(.{4}).*/, '|$1…')).join(', ')})`);
  let found = 0;
  for (const row of seeds) {
    const secret = row.split('|')[1] as string;
    const g = execFileSync(
      'bash',
      [
        '-c',
        `cd ${dir} && (grep -rl -F '${secret}' . ; for f in $(find . -name '*.gz'); do zcat "$f" | grep -c -F '${secret}' >/dev/null && echo "$f"; done) | sort -u || true`,
      ],
      { encoding: 'utf8' },
    ).trim();
    if (g) found++;
    note(`    seed ${secret.slice(0, 4)}… found in backup files: ${g || 'none'}`);
  }
  note(`    (archive has ${list.trim().split('\n').length}+ files; first: ${list.trim().split('\n').slice(0, 8).join(' ')})`);
  verdict('6e', seeds.length > 0 && found === 0, 'no TOTP seed of the live database is in the backup archive');
  note(
    '    note: the seeds in the live DB are stored as plain base32 text (docs/security.md lists encryption at rest as still open; the issue allows "or left out of backups").',
  );
}

// ---------------------------------------------------------------- 7: one address per page
note('\n## 7. One address per page, the page cache does not grow per spelling');
{
  const metrics = async () => {
    const t = await (await fetch(`${SITE}/metrics`)).text();
    const g = (n: string) => Number(new RegExp(`^${n} (\\S+)`, 'm').exec(t)?.[1] ?? Number.NaN);
    return {
      entries: g('lab_cache_entries'),
      used: g('lab_cache_bytes\\{kind="used"\\}'),
      rss: g('lab_process_resident_bytes'),
      misses: g('lab_cache_misses_total'),
    };
  };
  const checks: [string, number, string | null][] = [];
  for (const p of ['/PUBLICATION', '//publication', '/publication/', '/Publication//', '/publication?page=2', '/PUBLICATION?page=2']) {
    const r = await call('GET', p, { show: false });
    checks.push([p, r.status, r.location]);
    note(`    GET ${p} → ${r.status}${r.location ? ` Location: ${r.location}` : ''}`);
  }
  const canon = await call('GET', '/publication', { show: false });
  note(`    GET /publication → ${canon.status}`);
  verdict(
    '7a',
    checks.slice(0, 4).every(([, s, l]) => s === 301 && l === '/publication') && canon.status === 200,
    '/PUBLICATION, //publication, /publication/, /Publication// → 301 Location /publication',
  );
  const open = await call('GET', '//evil.example/x', { show: false });
  note(`    GET //evil.example/x → ${open.status} Location: ${open.location}`);
  verdict('7b', !open.location || !/^(https?:)?\/\/evil/.test(open.location), 'a doubled slash never redirects off-site');
  const pubId = sql('select min(pid) from publication');
  for (const p of ['/people/007', '/people/demo.user', '/people/DEMO.USER', `/publication/${pubId}`, `/publication/0${pubId}`, `/publication/00${pubId}`]) {
    const r = await call('GET', p, { show: false });
    note(`    GET ${p} → ${r.status}${r.location ? ` Location: ${r.location}` : ''}`);
  }
  const z = await call('GET', `/publication/0${pubId}`, { show: false });
  const p007 = await call('GET', '/people/007', { show: false });
  verdict(
    '7c',
    z.status !== 200 && p007.status !== 200,
    `a record id with a leading zero (/publication/0${pubId}) and /people/007 are not a 200 page of their own`,
  );
  // warm, then 300 spellings + 200 missing pages
  await call('GET', '/publication', { show: false });
  const before = await metrics();
  const spell = (i: number) => '/publication'.replace(/[a-z]/g, (c, k) => ((i >> k) & 1 ? c.toUpperCase() : c));
  const statuses = new Map<number, number>();
  for (let i = 1; i <= 300; i++) {
    const paths = [spell(i), `/${'/'.repeat(i % 5)}publication${'/'.repeat((i % 3) + 1)}`];
    for (const p of paths) {
      const r = await fetch(SITE + p, { redirect: 'manual' });
      await r.arrayBuffer();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    const r404 = await fetch(`${SITE}/publication/9${i}99999`, { redirect: 'manual' });
    await r404.arrayBuffer();
    statuses.set(r404.status, (statuses.get(r404.status) ?? 0) + 1);
    const rp = await fetch(`${SITE}/no-such-page-${i}`, { redirect: 'manual' });
    await rp.arrayBuffer();
    statuses.set(rp.status, (statuses.get(rp.status) ?? 0) + 1);
  }
  const after = await metrics();
  note(
    `    1,200 requests: 600 spellings of /publication (case and slashes), 300 missing publications, 300 missing pages; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  note(`    cache before: ${JSON.stringify(before)}\n    cache after:  ${JSON.stringify(after)}`);
  verdict(
    '7d',
    after.entries === before.entries && after.used === before.used,
    `the page cache's entries (${before.entries} → ${after.entries}) and bytes (${before.used} → ${after.used}) do not grow`,
  );
}

// ---------------------------------------------------------------- 8: slow clients
note('\n## 8. Slow clients');
function slow(lines: string[], everyMs: number, maxMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const s = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < lines.length && !s.destroyed) s.write(lines[i++] as string);
    }, everyMs);
    s.on('data', (d) => {
      answer += d.toString();
    });
    const done = () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - t0, answer });
    };
    s.on('close', done);
    s.on('error', () => {});
    setTimeout(() => {
      s.destroy();
    }, maxMs);
  });
}
{
  const H = Number(process.env.HEADERS_TIMEOUT_S ?? 3);
  const B = Number(process.env.BODY_TIMEOUT_S ?? 3);
  // headers: one header line a second, never finished
  const headerLines = ['GET /publication HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: ${i}\r\n`)];
  const h = await slow(headerLines, 1000, 30_000);
  note(
    `    raw socket: "GET /publication HTTP/1.1" then one header line per second, never the blank line (HEADERS_TIMEOUT_S=${H}) → closed after ${(h.closedAfterMs / 1000).toFixed(1)} s; answer: ${JSON.stringify(h.answer.slice(0, 200))}`,
  );
  verdict('8a', h.closedAfterMs < (H + 3) * 1000, `the connection is closed within HEADERS_TIMEOUT_S (+ Node's check interval)`);
  // body: JSON announced 200 bytes, one byte a second
  const head = `POST /api/password-reset/request/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Language: en\r\nContent-Length: 200\r\n\r\n`;
  const b = await slow([head, ...Array.from({ length: 200 }, () => ' ')], 1000, 30_000);
  note(
    `    raw socket: POST /api/password-reset/request/ Content-Length: 200, one body byte a second (BODY_TIMEOUT_S=${B}) → closed after ${(b.closedAfterMs / 1000).toFixed(1)} s; answer: ${JSON.stringify(b.answer.slice(0, 400))}`,
  );
  verdict(
    '8b',
    /^HTTP\/1\.1 408/.test(b.answer) && /request_timeout|took too long|timed? ?out/i.test(b.answer) && b.closedAfterMs < (B + 5) * 1000,
    'a trickled body gets 408 request_timeout and the connection closes',
  );
  const bz = await slow([head.replace('Accept-Language: en', 'Accept-Language: zh-CN'), ...Array.from({ length: 200 }, () => ' ')], 1000, 30_000);
  note(`    same in zh → ${JSON.stringify(bz.answer.split('\r\n\r\n')[1]?.slice(0, 200))}`);
  // the same on the login route (CSRF checked first) and on an anonymous route with no body handler: a public page POST
  const head2 = `POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
  const b2 = await slow([head2, ...Array.from({ length: 200 }, () => ' ')], 1000, 30_000);
  note(
    `    POST /api/login/ (no CSRF pair) trickled → closed after ${(b2.closedAfterMs / 1000).toFixed(1)} s; answer: ${JSON.stringify(b2.answer.slice(0, 160))}`,
  );
  // control: a keep-alive connection idle between requests is not a slow request
  const idle = await new Promise<string>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (d) => {
      got += d.toString();
    });
    s.write('GET /api/csrf/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    setTimeout(() => s.write('GET /api/csrf/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), (H + 1) * 1000);
    s.on('close', () => resolve(got));
    s.on('error', () => resolve(got));
    setTimeout(() => s.destroy(), (H + 6) * 1000);
  });
  note(`    control: a keep-alive connection idle ${H + 1} s between two requests → ${(idle.match(/HTTP\/1\.1 \d+/g) ?? []).join(', ')}`);
}
flush('results-2.md');
await sleep(10);
