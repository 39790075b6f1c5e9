import type { DB } from '../db/database.ts';
import { NotFound, Refused } from '../errors.ts';
import { logActivity } from './activity.ts';
import type { Actor } from './auth.ts';
import type { Ctx } from './context.ts';
import type { ExternalIdentity, ExternalKind } from './external-login.ts';

// Which member a campus identity is, once known (table external_link). The claim a first login matches by
// (a username, an e-mail address, a number) can change or be given to someone else; the campus server's own
// id of the person cannot. So the first login that matched records the identity (explicit = 0), and later
// logins find the member by it. A member may link their own campus account from the profile (explicit = 1):
// the only way a campus login opens an administrator's account. One link per identity, one per member and
// campus server (both unique in the database, so two logins at once cannot make a second).

type Who = Pick<Ctx, 'db' | 'actor' | 'address'>;

export type CampusLink = { id: number; kind: ExternalKind; issuer: string; subject: string; explicit: boolean; created_at: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

const ofIdentity = (db: DB, identity: ExternalIdentity) =>
  db
    .selectFrom('external_link')
    .select(['id', 'person_pid', 'explicit'])
    .where('kind', '=', identity.kind)
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject);

/** The member an identity is linked to, and whether by the member's own hand. */
export async function linkOf(db: DB, identity: ExternalIdentity): Promise<{ pid: number; explicit: boolean } | undefined> {
  const row = await ofIdentity(db, identity).executeTakeFirst();
  return row && { pid: row.person_pid, explicit: row.explicit === 1 };
}

/** Inserts a link unless either unique key is taken; whether the identity is now this member's. */
async function insertLink(db: DB, identity: ExternalIdentity, pid: number, explicit: boolean): Promise<boolean> {
  await db
    .insertInto('external_link')
    .values({ kind: identity.kind, issuer: identity.issuer, subject: identity.subject, person_pid: pid, explicit: explicit ? 1 : 0, created_at: nowSeconds() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await linkOf(db, identity))?.pid === pid;
}

/**
 * The link a login that matched `member` by its claim records; refused (external_linked_elsewhere) when the
 * member is tied to another identity of the same campus server: whoever holds the claim now is not them.
 */
export async function linkAtFirstLogin(ctx: Who, identity: ExternalIdentity, member: Actor): Promise<void> {
  if (!(await insertLink(ctx.db, identity, member.pid, false))) throw new Refused('external_linked_elsewhere');
  await logActivity({ ...ctx, actor: member }, { action: 'link', resource: 'person', record: member.pid, detail: [identity.kind] });
}

/**
 * A member's own link, made from the profile after a campus login of theirs: refused when the identity is
 * another member's (external_link_taken); an earlier link of the member to the same campus server is replaced.
 */
export async function linkExplicitly(ctx: Who, identity: ExternalIdentity, member: Actor): Promise<void> {
  const existing = await linkOf(ctx.db, identity);
  if (existing && existing.pid !== member.pid) throw new Refused('external_link_taken');
  await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      // made by a first login: now the member's own
      await trx
        .updateTable('external_link')
        .set({ explicit: 1 })
        .where('kind', '=', identity.kind)
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .execute();
      return;
    }
    const replaced = await trx
      .deleteFrom('external_link')
      .where('person_pid', '=', member.pid)
      .where('kind', '=', identity.kind)
      .where('issuer', '=', identity.issuer)
      .returning('id')
      .execute();
    if (replaced.length > 0)
      await logActivity({ ...ctx, db: trx, actor: member }, { action: 'unlink', resource: 'person', record: member.pid, detail: [identity.kind] });
    if (!(await insertLink(trx, identity, member.pid, true))) throw new Refused('external_link_taken');
  });
  await logActivity({ ...ctx, actor: member }, { action: 'link', resource: 'person', record: member.pid, detail: [identity.kind, 'explicit'] });
}

/** Whether a member linked their own account of that campus server. */
export async function hasExplicitLink(db: DB, pid: number, kind: ExternalKind, issuer: string): Promise<boolean> {
  const row = await db
    .selectFrom('external_link')
    .select('id')
    .where('person_pid', '=', pid)
    .where('kind', '=', kind)
    .where('issuer', '=', issuer)
    .where('explicit', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's links, oldest first. */
export async function linksOf(db: DB, pid: number): Promise<CampusLink[]> {
  const rows = await db
    .selectFrom('external_link')
    .select(['id', 'kind', 'issuer', 'subject', 'explicit', 'created_at'])
    .where('person_pid', '=', pid)
    .orderBy('id')
    .execute();
  // sound: only the three kinds are ever written
  return rows.map((r) => ({ ...r, kind: r.kind as ExternalKind, explicit: r.explicit === 1 }));
}

/** Removes a link: one's own, or any for an administrator; another's is not found. */
export async function unlink(ctx: Who, id: number): Promise<void> {
  const actor = ctx.actor;
  if (!actor) throw new NotFound();
  let q = ctx.db.selectFrom('external_link').select(['person_pid', 'kind']).where('id', '=', id);
  if (actor.authority !== 'admin') q = q.where('person_pid', '=', actor.pid);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFound();
  const gone = await ctx.db.deleteFrom('external_link').where('id', '=', id).executeTakeFirst();
  if (Number(gone.numDeletedRows) !== 1) throw new NotFound();
  await logActivity(ctx, { action: 'unlink', resource: 'person', record: row.person_pid, detail: [row.kind] });
}
