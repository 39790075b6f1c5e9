import { parseArgs } from 'node:util';
import type { loadConfig } from '../server/config.ts';

// What every command of the lab CLI (lab.ts) is given and shares.

export type Config = ReturnType<typeof loadConfig>;

export const parseOptions = (args: string[]) =>
  parseArgs({
    args,
    options: {
      username: { type: 'string' },
      uid: { type: 'string' },
      'name-zh': { type: 'string' },
      'name-en': { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean' },
      force: { type: 'boolean' },
      to: { type: 'string' },
      'older-than': { type: 'string' },
      ccf: { type: 'string' },
      core: { type: 'string' },
      'ccf-edition': { type: 'string' },
      'core-edition': { type: 'string' },
      'ccf-source': { type: 'string' },
      'core-source': { type: 'string' },
    },
    allowPositionals: true,
  });

type Run = (args: { config: Config; values: ReturnType<typeof parseOptions>['values']; positionals: string[] }) => Promise<void> | void;

/** A command as lab.ts dispatches it. */
export type Dispatched = {
  run: Run;
  /** How many arguments it takes, [min, max]; none by default. */
  positionals?: [min: number, max: number];
  /** What it lacks when given too few (default: a file). */
  needs?: string;
};

/** A command with its lines in the usage text. */
export type Command = Dispatched & { usage: string };

export function fail(message: string): never {
  console.error(`lab: ${message}`);
  process.exit(2);
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
