import { createDatabase, migrate } from '../../server/db/database.ts';
import { logActivity } from '../../server/services/activity.ts';
import { hashPassword, revokeSessionsOf } from '../../server/services/auth.ts';
import { issueInvitation } from '../../server/services/invitations.ts';
import { forgetTrustedDevices } from '../../server/services/two-factor.ts';
import { invitationLink, invitationNote, policy } from '../accounts.ts';
import { type Command, fail } from '../command.ts';

export const resetPassword: Command = {
  usage: `  reset-password --username U [--password P]
                               set a new password (without --password: the current one stops
                               working and an invitation link is printed, as for create-user)`,
  async run({ config, values }) {
    const username = values.username ?? fail('--username is required');
    const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await migrate(db);
      const row = await db.selectFrom('person').select(['pid', 'name_zh', 'name_en']).where('username', '=', username).executeTakeFirst();
      if (!row) fail(`no user named ${username}`);
      if (values.password !== undefined) policy(values.password, { username, names: [row.name_zh, row.name_en] });
      if (values.password === undefined) {
        // no password is printed: the member chooses one through an invitation (the current one stops working)
        const { path: link } = await issueInvitation(db, row.pid, null);
        console.log(`The password of ${username} no longer works and their sessions were ended.`);
        console.log(`Invitation link for ${username}: ${invitationLink(config, link)}\n${invitationNote}`);
        return;
      }
      await db
        .updateTable('person')
        .set({ password_hash: await hashPassword(values.password), must_change_password: 0 })
        .where('pid', '=', row.pid)
        .execute();
      await revokeSessionsOf(db, row.pid);
      await forgetTrustedDevices(db, row.pid);
      // done at the machine: no person, no address
      await logActivity({ db, actor: null }, { action: 'password', resource: 'person', record: row.pid, detail: ['lab reset-password'] });
      console.log(`New password of ${username}: (as given). Their sessions were ended.`);
    } finally {
      await db.destroy();
    }
  },
};
