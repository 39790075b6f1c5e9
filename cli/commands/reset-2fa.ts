import { createDatabase, migrate } from '../../server/db/database.ts';
import { logActivity } from '../../server/services/activity.ts';
import { removeTwoFactor } from '../../server/services/two-factor.ts';
import { type Command, fail } from '../command.ts';

// an administrator locked out of their authenticator (or the last one): done at the machine
export const resetTwoFactor: Command = {
  usage: `  reset-2fa USERNAME            turn off a member's two-factor login (a lost phone): they log in with
                               their password alone and may enrol again`,
  positionals: [1, 1],
  needs: 'a username',
  async run({ config, positionals }) {
    const username = positionals[0] as string;
    const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await migrate(db);
      const row = await db.selectFrom('person').select('pid').where('username', '=', username).executeTakeFirst();
      if (!row) fail(`no user named ${username}`);
      const had = await removeTwoFactor(db, row.pid);
      await logActivity({ db, actor: null }, { action: 'two_factor_reset', resource: 'person', record: row.pid, detail: ['lab reset-2fa'] });
      console.log(
        had
          ? `Two-factor login of ${username} is reset: they log in with their password and may enrol again.`
          : `${username} had no two-factor login; their trusted devices are forgotten.`,
      );
    } finally {
      await db.destroy();
    }
  },
};
