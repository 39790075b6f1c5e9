import type { Kysely } from 'kysely';

// Self-service password reset by e-mail. A random single-use link valid for 1 hour;
// only its SHA-256 is stored. Times are Unix seconds (as the invitation's). And the site setting that sends
// a scheduled record's author a mail when it goes public (off by default).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('password_reset')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_reset_person').on('password_reset').column('person_pid').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('password_reset').ifExists().execute();
}
