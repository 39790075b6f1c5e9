import { type Kysely, sql } from 'kysely';

// The site setting that mails a scheduled record's author when it goes public at its
// time (server/mail/notices.ts). Off by default.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('site_settings')
    .addColumn('notify_publish', 'integer', (c) => c.notNull().defaultTo(0).check(sql`notify_publish in (0, 1)`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('notify_publish').execute();
}
