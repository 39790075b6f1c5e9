import { loadConfig } from '../server/config.ts';
import { type Command, type Dispatched, parseOptions } from './command.ts';
import { backup } from './commands/backup.ts';
import { createUser } from './commands/create-user.ts';
import { demo } from './commands/demo.ts';
import { ranks } from './commands/ranks.ts';
import { resetTwoFactor } from './commands/reset-2fa.ts';
import { resetPassword } from './commands/reset-password.ts';
import { restore } from './commands/restore.ts';
import { seedDemo } from './commands/seed-demo.ts';
import { storage } from './commands/storage.ts';
import { storageMove } from './commands/storage-move.ts';
import { storageSweep } from './commands/storage-sweep.ts';

// The lab CLI: `npm run lab -- <command>`, each command a module of commands/. Commands: demo, seed-demo,
// create-user, reset-password, reset-2fa, backup, restore, storage, ranks.

const commands: Record<string, Dispatched> = {
  demo,
  'seed-demo': seedDemo,
  'create-user': createUser,
  'reset-password': resetPassword,
  'reset-2fa': resetTwoFactor,
  backup,
  restore,
  storage,
  ranks,
};

/** The usage text's commands, in the order it lists them. */
const listed: Command[] = [demo, seedDemo, createUser, resetPassword, resetTwoFactor, backup, restore, storageMove, ranks, storageSweep];

const usage = `Usage: npm run lab -- <command> [options]

${listed.map((c) => c.usage).join('\n')}

Environment: DATA_DIR, DATABASE_URL, PORT, HOST, PUBLIC_URL (the links' origin), LAB_ADMIN_USERNAME,
LAB_ADMIN_PASSWORD, BACKUP_DIR, S3_BUCKET and the other S3_* (files in a bucket)
(see README and docs/operations.md).`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const chosen = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  let values: ReturnType<typeof parseOptions>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseOptions(rest));
    const [min, max] = chosen?.positionals ?? [0, 0];
    if (positionals.length > max) throw new Error(`Unexpected argument '${positionals[max]}'`);
    if (positionals.length < min) throw new Error(`${command} needs ${chosen?.needs ?? 'a file'}`);
  } catch (e) {
    // an unknown option or a stray argument: say which, then how it is used (never a stack trace)
    console.error(`${(e as Error).message}\n`);
    console.error(usage);
    process.exit(2);
  }

  if (chosen) return chosen.run({ config, values, positionals });
  console.log(usage);
  if (command && command !== 'help' && command !== '--help') process.exit(2);
}

await main();
