import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The lab CLI answers a mistyped command line with what was wrong and its usage, never a stack trace
// (issue #12: an unexpected argument once printed ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL's trace).

const cli = path.join(import.meta.dirname, '..', '..', 'cli', 'lab.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cli-'));
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 30_000 });

describe('lab CLI', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [['create-user', 'stray'], /Unexpected argument 'stray'/],
    [['reset-password', '--bogus'], /Unknown option '--bogus'/],
  ])('answers %j with the problem and the usage, exit 2, no stack trace', (args, problem) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(problem);
    expect(r.stderr).toContain('Usage: npm run lab');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain('ERR_PARSE_ARGS');
  });
});
