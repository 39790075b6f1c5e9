import { USERNAME_RE } from '../../common/resources/person.ts';
import { createDatabase, migrate } from '../../server/db/database.ts';
import { hashPassword, unusablePassword } from '../../server/services/auth.ts';
import { issueInvitation } from '../../server/services/invitations.ts';
import { invitationLink, invitationNote, policy } from '../accounts.ts';
import { type Command, fail } from '../command.ts';

export const createUser: Command = {
  usage: `  create-user --username U --uid ID --name-zh 中文名 --name-en "English Name"
              [--password P] [--admin]
                               create a member (without --password: prints an invitation link,
                               valid for 7 days and usable once, where they choose their password)`,
  async run({ config, values }) {
    const username = values.username ?? fail('--username is required');
    if (!USERNAME_RE.test(username)) fail('the username may hold letters, digits, dots, underscores and hyphens (2–40)');
    const nameZh = values['name-zh'] ?? fail('--name-zh is required');
    const nameEn = values['name-en'] ?? fail('--name-en is required');
    const uid = values.uid ?? fail('--uid is required');
    // without --password, none anyone knows: the member chooses one through the invitation printed below
    const password = values.password ?? unusablePassword();
    if (values.password !== undefined) policy(values.password, { username, names: [nameZh, nameEn] });
    const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await migrate(db);
      const clash = await db
        .selectFrom('person')
        .select('username')
        .where((eb) => eb.or([eb('username', '=', username), eb('uid', '=', uid)]))
        .executeTakeFirst();
      if (clash) fail('that username or uid exists already');
      const created = await db
        .insertInto('person')
        .values({
          uid,
          username,
          name_zh: nameZh,
          name_en: nameEn,
          type: 'other',
          type_num: 8,
          authority: values.admin ? 'admin' : 'user',
          link: `/people/${username}`,
          password_hash: await hashPassword(password),
          must_change_password: values.password ? 0 : 1,
        })
        .returning('pid')
        .executeTakeFirstOrThrow();
      console.log(`Created ${values.admin ? 'administrator' : 'member'} ${username}.`);
      if (!values.password) {
        const { path: link } = await issueInvitation(db, created.pid, null);
        console.log(`Invitation link for ${username}: ${invitationLink(config, link)}\n${invitationNote}`);
      }
    } finally {
      await db.destroy();
    }
  },
};
