import { type Kysely, sql } from 'kysely';

// Two-factor login (TOTP). A member's authenticator secret and hashed recovery codes
// live in a table of their own (never a column of person, so no read, history version or export of a
// person carries them); a login that waits for its code is a server-side challenge; a device trusted for
// 30 days is a random cookie token kept as its SHA-256. The site setting decides whether administrators
// must have it. Times are Unix seconds.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('person_pid', 'integer', (c) => c.primaryKey().references('person.pid').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    // null while the member has not confirmed the enrolment with a code
    .addColumn('enabled_at', 'bigint')
    // the last TOTP time step accepted: a code of that step or an earlier one is refused (no replay)
    .addColumn('last_step', 'bigint')
    // JSON list of the SHA-256 of the recovery codes not used yet
    .addColumn('recovery', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('login_challenge')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('trusted_device')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_device_person').on('trusted_device').column('person_pid').execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('require_admin_2fa', 'integer', (c) => c.notNull().defaultTo(0).check(sql.raw('"require_admin_2fa" IN (0, 1)')))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('require_admin_2fa').execute();
  await db.schema.dropTable('trusted_device').ifExists().execute();
  await db.schema.dropTable('login_challenge').ifExists().execute();
  await db.schema.dropTable('two_factor').ifExists().execute();
}
