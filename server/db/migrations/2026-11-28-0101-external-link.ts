import { type Kysely, sql } from 'kysely';

// A campus identity tied to a member (server/services/external-links.ts): the campus server's own id of the
// person (OIDC `sub` at its issuer, the CAS principal at its server, the LDAP DN at its directory), recorded
// at the first login that matched by a claim (explicit = 0) or by the member's own link from the profile
// (explicit = 1). Later logins find the member by it: a claim that changed since (a renamed e-mail) no longer
// decides, and only an explicit link opens an administrator's account. One link per identity, and one per
// member and campus server. Backed up with the members (a restore keeps who is whom).
// - external_state.link_pid: a campus login started from the profile to link the member's own campus
//   account; its callback records the link instead of logging in.

type Db = Kysely<unknown>;
const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('external_link')
    .addColumn('id', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('explicit', 'integer', (c) => c.notNull().defaultTo(0).check(sql`explicit in (0, 1)`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('external_link_identity').on('external_link').columns(['kind', 'issuer', 'subject']).unique().execute();
  await db.schema.createIndex('external_link_person').on('external_link').columns(['person_pid', 'kind', 'issuer']).unique().execute();
  await db.schema.alterTable('external_state').addColumn('link_pid', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('external_state').dropColumn('link_pid').execute();
  await db.schema.dropTable('external_link').ifExists().execute();
}
