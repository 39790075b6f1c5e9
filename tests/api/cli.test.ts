import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { Client } from '../helpers/client.ts';

// The lab CLI answers a mistyped command line with what was wrong and its usage, never a stack trace
// (an unexpected argument is a usage error, not ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL's trace).

const cli = path.join(import.meta.dirname, '..', '..', 'cli', 'lab.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cli-'));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 30_000 });

describe('lab CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [['create-user', 'stray'], /Unexpected argument 'stray'/],
    [['reset-password', '--bogus'], /Unknown option '--bogus'/],
    [['restore'], /restore needs a file/],
    [['backup', 'one.tar.gz', 'two.tar.gz'], /Unexpected argument 'two.tar.gz'/],
    [['restore', 'a.tar.gz', 'b.tar.gz'], /Unexpected argument 'b.tar.gz'/],
  ])('answers %j with the problem and the usage, exit 2, no stack trace', (args, problem) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(problem);
    expect(r.stderr).toContain('Usage: npm run lab');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain('ERR_PARSE_ARGS');
  });

  it('answers a restore it cannot do with the reason and exit 2, never a stack trace', () => {
    const missing = run('restore', path.join(dataDir, 'no-such-backup.tar.gz'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^lab: nothing restored: .*no-such-backup\.tar\.gz: no such file/);
    const junk = path.join(dataDir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    const bad = run('restore', junk);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^lab: nothing restored: the archive is damaged or not a backup/);
    expect(`${missing.stderr}${bad.stderr}`).not.toMatch(/\n\s+at /);
  });

  it('writes a backup and restores it into another instance', () => {
    const made = run('create-user', '--username', 'clikeeper', '--uid', 'CLI1', '--name-zh', '保管', '--name-en', 'Keeper', '--password', 'vault-of-records');
    expect(made.status, made.stderr).toBe(0);
    const file = path.join(dataDir, 'cli.tar.gz');
    const b = run('backup', file);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/^Backup written to .*cli\.tar\.gz: \d+ records in \d+ tables, 0 files \(0\.0 MB\), schema \d{4}-/);
    const other = path.join(dataDir, 'other');
    const r = spawnSync(process.execPath, [cli, 'restore', file], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: other, DATABASE_URL: '' },
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Restored \d+ records in \d+ tables and 0 files \(0\.0 MB\) from a SQLite backup into /);
    const again = spawnSync(process.execPath, [cli, 'restore', file], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: other, DATABASE_URL: '' },
      timeout: 30_000,
    });
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/this instance is not empty \(1 person\); add --force/);
  });

  // after the backup test, which counts the people of this data folder
  it('prints an invitation link for create-user and reset-password without --password, and the link logs the member in', async () => {
    const made = run('create-user', '--username', 'cliinvited', '--uid', 'CLI2', '--name-zh', '李四', '--name-en', 'Li Si');
    expect(made.status, made.stderr).toBe(0);
    const link = /Invitation link for cliinvited: (http:\/\/\S+\/invite#[A-Za-z0-9_-]{43})/.exec(made.stdout)?.[1];
    expect(link, made.stdout).toBeDefined();
    expect(made.stdout).not.toMatch(/password (is|of)|lisi0000/);
    const reset = run('reset-password', '--username', 'cliinvited');
    expect(reset.status, reset.stderr).toBe(0);
    const second = /Invitation link for cliinvited: (\S+)/.exec(reset.stdout)?.[1] as string;
    expect(second).not.toBe(link);
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LAB_API_ONLY: '1' }) });
    try {
      const c = new Client(app);
      expect(await c.login('cliinvited', 'lisi0000')).toEqual({ loginStatus: 'fail', needs_invitation: true });
      // the first link died with the reset; the second one works once
      const take = (url: string) => c.withCsrf('/api/invitation/', { token: new URL(url).hash.slice(1), password: 'cli-chosen-1', password2: 'cli-chosen-1' });
      expect((await take(link as string)).statusCode).toBe(404);
      expect((await take(second)).statusCode).toBe(200);
      expect((await c.login('cliinvited', 'cli-chosen-1')).loginStatus).toBe('success');
    } finally {
      await app.close();
    }
  });
});
