import type { Config } from '../config.ts';
import type { DB } from '../db/database.ts';
import { hashPassword } from './auth.ts';

/** LAB_ADMIN_USERNAME / LAB_ADMIN_PASSWORD create the first administrator while no user exists. */
export async function ensureAdmin(db: DB, config: Pick<Config, 'adminUsername' | 'adminPassword'>): Promise<boolean> {
  if (!config.adminUsername || !config.adminPassword) return false;
  const any = await db.selectFrom('person').select('pid').limit(1).executeTakeFirst();
  if (any) return false;
  // two instances starting at once on an empty database both get here: the second inserts nothing
  const done = await db
    .insertInto('person')
    .values({
      uid: `admin-${config.adminUsername}`.slice(0, 40),
      username: config.adminUsername,
      name_zh: '管理员',
      name_en: 'Administrator',
      type: 'other',
      type_num: 8,
      area: 'none',
      area_num: 0,
      authority: 'admin',
      status: 1,
      link: `/people/${config.adminUsername}`,
      password_hash: await hashPassword(config.adminPassword),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}
