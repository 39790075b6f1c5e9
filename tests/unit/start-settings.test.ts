import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` (scripts/start.sh) and the systemd unit (deploy/lab@.service) must run the server alike: the
// unit had kept the V8 flags of an older start.sh and none of its malloc settings.
const root = path.join(import.meta.dirname, '..', '..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');

function startScript() {
  const text = read('scripts/start.sh');
  const env = Object.fromEntries([...text.matchAll(/^export (\w+)="\$\{\1:-([^}]*)\}"$/gm)].map((m) => [m[1], m[2]]));
  const flags = /node\.sh ((?:--[\w-]+=\S+ )+)build\/app\/main\.js/.exec(text)?.[1]?.trim().split(' ') ?? [];
  return { env, flags };
}

function unit() {
  const text = read('deploy/lab@.service');
  const env = Object.fromEntries([...text.matchAll(/^Environment=(MALLOC_\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const flags = /^ExecStart=\S+ ((?:--[\w-]+=\S+ )+)build\/app\/main\.js$/m.exec(text)?.[1]?.trim().split(' ') ?? [];
  return { env, flags };
}

describe('the server runs alike under npm start and systemd', () => {
  it('with the same malloc settings and V8 flags', () => {
    const start = startScript();
    expect(Object.keys(start.env)).toContain('MALLOC_ARENA_MAX');
    expect(start.flags).toContain('--heap-growing-percent=20');
    expect(unit()).toEqual(start);
  });
});
