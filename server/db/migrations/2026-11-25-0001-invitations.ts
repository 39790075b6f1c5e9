import { type Kysely, sql } from 'kysely';

// Invitations. A member created without a password, or whose password an
// administrator resets, gets a random single-use link valid for 7 days; only its SHA-256 is stored.
// Times are Unix seconds (as the session's login_time). An account still marked must_change_password
// (SPEC §9's pinyin initial password, or a printed reset one) no longer logs in with a password: its
// sessions end here, and it needs an invitation (docs/decisions/023-accounts-and-login.md).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('invitation')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('person.pid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('invitation_person').on('invitation').column('person_pid').execute();
  await sql`delete from session where person_pid in (select pid from person where must_change_password = 1)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('invitation').ifExists().execute();
}
