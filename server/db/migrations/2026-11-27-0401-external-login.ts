import { type Kysely, sql } from 'kysely';

// University login (OIDC, CAS, LDAP; server/services/external-login.ts).
// - external_state: a login sent to the campus server, waiting for its way back (OIDC's state, nonce and PKCE
//   verifier; CAS's state in the service address): a random token kept as its SHA-256, used once, 10 minutes.
// - external_handoff: a campus login that succeeded, handed to the login page to finish as any login (the
//   second factor, the session cookie): a random token kept as its SHA-256, used once, 2 minutes.
// - cas_session: which session (or login still waiting for its second factor) a CAS ticket started, so the
//   CAS server's single logout ends it.
// - login_challenge.kind: which campus login a second factor finishes (the activity log notes it).
// - site settings: whether a first campus login creates an account, of which member type (its authority is
//   always "user"), and whether members may log in with a local password (administrators always may).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('external_state')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('verifier', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('external_handoff')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('ticket_hash', 'varchar(64)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cas_session')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    // the session's token hash once there is one; the second factor's challenge hash until then
    .addColumn('session_hash', 'varchar(64)')
    .addColumn('challenge_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // the kind of campus login a second-factor challenge finishes ('' for a password), for the activity log
  await db.schema
    .alterTable('login_challenge')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('external_signup', 'integer', (c) => c.notNull().defaultTo(0).check(sql`external_signup in (0, 1)`))
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('external_signup_type', 'varchar(40)', (c) => c.notNull().defaultTo('master'))
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('member_passwords', 'integer', (c) => c.notNull().defaultTo(1).check(sql`member_passwords in (0, 1)`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('member_passwords').execute();
  await db.schema.alterTable('site_settings').dropColumn('external_signup_type').execute();
  await db.schema.alterTable('site_settings').dropColumn('external_signup').execute();
  await db.schema.alterTable('login_challenge').dropColumn('kind').execute();
  await db.schema.dropTable('cas_session').ifExists().execute();
  await db.schema.dropTable('external_handoff').ifExists().execute();
  await db.schema.dropTable('external_state').ifExists().execute();
}
