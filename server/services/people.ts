import type { SelectQueryBuilder } from 'kysely';
import { passwordProblem } from '../../common/password-policy.ts';
import { profileFields } from '../../common/resources/person.ts';
import { person } from '../../common/resources/person.ts';
import { type PublicPerson, type PublicPersonItem, publicPersonFields } from '../../common/wire.ts';
import { hashPassword, revokeSessionsOf, unusablePassword, verifyPassword } from './auth.ts';
import { type Issued, issueInvitation } from './invitations.ts';
import type { Database, TableRow } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { hit, reset } from './counters.ts';
import { forgetTrustedDevices } from './two-factor.ts';
import { createCrud, type WriteArgs } from './crud.ts';
import { removePrivateFilesOf, renameFilesOwner } from './files.ts';
import { logActivity } from './activity.ts';
import { sanitizeHtml } from './sanitize.ts';
import { asWire } from './wire.ts';
import { FieldError, Forbidden, NotFound, Refused, TooManyTries } from '../errors.ts';

// People: administrators manage everyone; a member edits their own profile. SPEC §5's link rule
// (link3 for an existing page, else /people/{username}) and password rules are applied here.

export const DEFAULT_PORTRAIT = '/static/default-portrait.png';

type Write = WriteArgs<TableRow<'person'>>;

async function passwordAndLink({ ctx, mode, input, values, current }: Write) {
  const pw = typeof input.password === 'string' ? input.password : '';
  if (pw) {
    // the policy with the stored record's username and names where the write does not change them
    const pick = (f: 'username' | 'name_zh' | 'name_en') => values[f] ?? current?.[f];
    const problem = passwordProblem(pw, { username: pick('username'), names: [pick('name_zh'), pick('name_en')] });
    if (problem) throw FieldError.one('password', problem);
    values.password_hash = await hashPassword(pw);
    values.must_change_password = 0;
  } else if (mode === 'create') {
    // no password anyone knows: the member sets one through their invitation (createPerson)
    values.password_hash = await hashPassword(unusablePassword());
    values.must_change_password = 1;
  }
  const linkType = (values.link_type ?? current?.link_type ?? 0) as number;
  const username = (values.username ?? current?.username) as string;
  const link3 = (values.link3 ?? current?.link3 ?? '') as string;
  if (linkType === 3 && !link3) throw FieldError.one('link3', 'required');
  values.link = linkType === 3 ? link3 : `/people/${username}`;
  for (const [field, key] of [
    ['username', 'taken_username'],
    ['uid', 'taken_uid'],
  ] as const) {
    if (typeof values[field] !== 'string') continue;
    const clash = await ctx.db.selectFrom('person').select('pid').where(field, '=', values[field]).executeTakeFirst();
    if (clash && clash.pid !== current?.pid) throw FieldError.one(field, key);
  }
}

const OLD_PASSWORD_TRIES = 5;
const OLD_PASSWORD_WINDOW_MS = 15 * 60_000;
/** Wrong current passwords per person, counted in the database (every instance): a stolen session cannot guess its way to the password. */
const oldPasswordKey = (pid: number) => `old-password:${pid}`;

/**
 * Changing one's own password asks for the current one, so a stolen session cannot lock its owner out;
 * a member still on an initial password may change nothing else until they have.
 * SPEC §5's profile form sends `password` and `password2` with every save, with the current password
 *: that is no change, and it proves the caller knows it, so it is accepted without
 * `old_password`, checked against the hash and counted like a wrong current password (it is a guess
 * of it when it is not the current one). Only a different password asks for `old_password`.
 */
async function ownPassword({ ctx, mode, input, current }: Write): Promise<boolean> {
  const actor = ctx.actor;
  if (!actor) return false; // the CLI and the demo seed act for the administrator of the machine
  const pw = typeof input.password === 'string' ? input.password : '';
  const own = mode === 'update' && current?.pid === actor.pid;
  if (actor.must_change_password && !(own && pw)) throw new Forbidden('password_change_required');
  if (!own || !current) return false;
  if (!pw) {
    // no new password: the current one as `old_password` still proves who writes (an e-mail change asks it)
    const given = typeof input.old_password === 'string' ? input.old_password : '';
    if (!given) return false;
    const tries = await hit(ctx.db, oldPasswordKey(actor.pid), OLD_PASSWORD_WINDOW_MS);
    if (tries.count > OLD_PASSWORD_TRIES) throw new TooManyTries();
    if (!(await verifyPassword(current.password_hash, given))) throw FieldError.one('old_password', 'old_password_wrong');
    await reset(ctx.db, oldPasswordKey(actor.pid));
    return true;
  }
  const old = typeof input.old_password === 'string' ? input.old_password : '';
  // every try is counted before the check, so parallel guesses cannot slip past the limit together
  const tries = await hit(ctx.db, oldPasswordKey(actor.pid), OLD_PASSWORD_WINDOW_MS);
  if (tries.count > OLD_PASSWORD_TRIES) throw new TooManyTries();
  if (!old) {
    if (!(await verifyPassword(current.password_hash, pw))) throw FieldError.one('old_password', 'required');
    await reset(ctx.db, oldPasswordKey(actor.pid));
    // the same password is no change, also for a member who must replace it
    if (actor.must_change_password) throw FieldError.one('password', 'password_same');
    // dropped from the write: no new hash, no "password" entry in the log, the other sessions stay
    delete input.password;
    delete input.password2;
    return true;
  }
  if (!(await verifyPassword(current.password_hash, old))) throw FieldError.one('old_password', 'old_password_wrong');
  await reset(ctx.db, oldPasswordKey(actor.pid));
  if (actor.must_change_password && pw === old) throw FieldError.one('password', 'password_same');
  return true;
}

const sameAddress = (a: unknown, b: unknown) =>
  String(a ?? '')
    .trim()
    .toLowerCase() ===
  String(b ?? '')
    .trim()
    .toLowerCase();

/**
 * One's own e-mail address is where a password reset goes: changed with only a session (a stolen one), it would
 * hand the account over for good. So a change asks for the current password (`old_password`, or SPEC §5's
 * `password` = `password2` = the current one, which ownPassword has checked); an administrator changing
 * another member's address is not asked.
 */
function ownEmail({ ctx, mode, input, current }: Write, proven: boolean) {
  if (!ctx.actor || mode !== 'update' || current?.pid !== ctx.actor.pid || !('email' in input)) return;
  if (sameAddress(input.email, current.email) || proven) return;
  throw FieldError.one('old_password', 'email_needs_password');
}

async function keepAnAdmin(ctx: Ctx, pid: number, stillAdmin: boolean) {
  if (stillAdmin) return;
  const others = await ctx.db.selectFrom('person').select('pid').where('authority', '=', 'admin').where('pid', '!=', pid).executeTakeFirst();
  if (!others) throw FieldError.one('authority', 'last_admin');
}

export const people = createCrud(person, {
  hidden: ['password_hash', 'must_change_password'],
  unversioned: ['password_hash', 'must_change_password'],
  ownedBy: (ctx, current) => current.pid === ctx.actor?.pid,
  // a person's private files and images and their timetable leave with them, and come back from the trash with them
  async related(ctx, current) {
    const [data, images, schedule] = await Promise.all([
      ctx.db.selectFrom('data_file').selectAll().where('owner', '=', current.username).execute(),
      ctx.db.selectFrom('image').selectAll().where('person_pid', '=', current.pid).execute(),
      ctx.db.selectFrom('schedule').selectAll().where('person_pid', '=', current.pid).execute(),
    ]);
    return [
      { table: 'data_file', rows: data },
      { table: 'image', rows: images },
      { table: 'schedule', rows: schedule },
    ];
  },
  publicTopic: 'people',
  decorate(w, _lang, row) {
    // an account that waits for its invitation has no password that logs in (services/invitations.ts)
    const account = row.must_change_password === 1 ? 'needs_invitation' : 'active';
    return { ...w, portrait_url: w.portrait_url || DEFAULT_PORTRAIT, account };
  },
  async beforeWrite(args) {
    ownEmail(args, await ownPassword(args));
    await passwordAndLink(args);
    const { ctx, current, values } = args;
    if (current && current.authority === 'admin' && values.authority === 'user') {
      await keepAnAdmin(ctx, current.pid, false);
    }
  },
  async afterWrite({ ctx, input, values, id, mode, current }) {
    // a change of authority is a role change in the activity log, with the role given
    if (mode === 'update' && current && typeof values.authority === 'string' && values.authority !== current.authority) {
      await logActivity(ctx, { action: 'role', resource: person.name, record: id, detail: [String(values.authority)] });
    }
    if (mode === 'update' && current && typeof input.username === 'string') {
      await renameFilesOwner(ctx, id, current.username, input.username);
    }
    if (mode === 'update' && typeof input.password === 'string' && input.password) {
      // a changed password ends every other session of that person
      await revokeSessionsOf(ctx.db, id, ctx.actor?.pid === id ? (ctx.token ?? undefined) : undefined);
      // and the devices trusted to skip the two-factor code
      await forgetTrustedDevices(ctx.db, id);
    }
  },
  async beforeDelete(ctx, current, changes) {
    if (current.pid === ctx.actor?.pid) throw new Refused('self_delete');
    if (current.authority === 'admin') await keepAnAdmin(ctx, current.pid, false);
    await removePrivateFilesOf(ctx, current.pid, current.username, changes);
  },
});

/**
 * Creates a person (people management). Without a password, the member gets an invitation, answered here
 * to be shown once to the administrator.
 */
export async function createPerson(ctx: Ctx, input: Record<string, unknown>): Promise<{ id: number; invitation?: Issued }> {
  const id = await people.create(ctx, input);
  const withPassword = typeof input.password === 'string' && input.password !== '';
  return withPassword ? { id } : { id, invitation: await issueInvitation(ctx.db, id, ctx.actor, { address: ctx.address }) };
}

/** A new invitation for another person (administrators): their password stops working until they use it. */
export async function invitePerson(ctx: Ctx, pid: number): Promise<Issued> {
  if (pid === ctx.actor?.pid) throw new Refused('self_invite');
  return issueInvitation(ctx.db, pid, ctx.actor, { address: ctx.address });
}

/** The own-profile update: only profile fields; authority, username and uid stay as they are. */
/** The person whose profile ?uid= names, if it is the actor's own (a 404 or a 403 otherwise). The route asks before reading a body. */
export async function ownProfile(ctx: Ctx, uid: string): Promise<number> {
  const row = await ctx.db.selectFrom('person').select(['pid', 'uid']).where('uid', '=', uid).executeTakeFirst();
  if (!row) throw new NotFound();
  if (row.pid !== ctx.actor?.pid) throw new Forbidden();
  return row.pid;
}

/**
 * Saves one's own profile; answers the address the member had when this save changed it, so the caller can tell
 * that address (a notice: someone who took the session would otherwise change it unseen). The change is in the
 * activity log as `email`, which holds password resets for a day (services/password-reset.ts).
 */
export async function updateProfile(ctx: Ctx, uid: string, input: Record<string, unknown>): Promise<{ emailChangedFrom?: string }> {
  const pid = await ownProfile(ctx, uid);
  const allowed: Record<string, unknown> = {};
  for (const k of profileFields) if (k in input) allowed[k] = input[k];
  const before = await ctx.db.selectFrom('person').select(['email']).where('pid', '=', pid).executeTakeFirstOrThrow();
  await people.update(ctx, pid, allowed);
  if (!('email' in allowed) || sameAddress(allowed.email, before.email)) return {};
  await logActivity(ctx, { action: 'email', resource: person.name, record: pid });
  return { emailChangedFrom: before.email ?? '' };
}

export async function getProfile(ctx: Ctx, uid: string): Promise<Record<string, unknown>> {
  const row = await ctx.db.selectFrom('person').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!row) throw new NotFound();
  if (row.pid !== ctx.actor?.pid && ctx.actor?.authority !== 'admin') throw new Forbidden();
  return people.toWire(row, ctx.lang);
}

// What the public sees of a person (common/wire.ts): no student number, phone, authority or password.
const publicColumns = publicPersonFields;

/**
 * Who the public sees: every member but an account of type "other" that is current. Such an
 * account is not a lab member (the administrator made from LAB_ADMIN_USERNAME, an advisor who is not a
 * teacher); it appears once an administrator gives it a member type. Former members of type "other"
 * (visiting students) stay on the former list.
 */
/** A former member's office is no longer theirs: the public never sees it (their phone is never public). */
const officeOf = <R extends { status: number | boolean; location_zh: string; location_en: string }>(r: R): R =>
  r.status ? r : { ...r, location_zh: '', location_en: '' };

const listed = <O>(q: SelectQueryBuilder<Database, 'person', O>) => q.where((eb) => eb.or([eb('type', '!=', 'other'), eb('status', '=', 0)]));

export async function publicPeople(ctx: Ctx, only: { current?: boolean; limit?: number; offset?: number } = {}): Promise<PublicPersonItem[]> {
  let q = listed(ctx.db.selectFrom('person').select([...publicColumns]))
    .orderBy('type_num')
    .orderBy('entrance', (o) => o.asc().nullsLast())
    .orderBy('pid');
  if (only.current !== undefined) q = q.where('status', '=', only.current ? 1 : 0);
  if (only.limit !== undefined) q = q.limit(only.limit).offset(only.offset ?? 0);
  const rows = await q.execute();
  // the table holds enums as CHECKed text; the wire names their values
  return asWire(rows.map((r) => officeOf({ ...r, status: Boolean(r.status), portrait_url: r.portrait_url || DEFAULT_PORTRAIT })));
}

/** How many current (or former) members the public list shows. */
export async function publicPeopleCount(ctx: Ctx, current: boolean): Promise<number> {
  const row = await listed(ctx.db.selectFrom('person').select((eb) => eb.fn.countAll().as('n')))
    .where('status', '=', current ? 1 : 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function publicPerson(ctx: Ctx, username: string): Promise<PublicPerson> {
  const row = await listed(ctx.db.selectFrom('person').select([...publicColumns, 'link1', 'link2', 'link3', 'orcid', 'dblp', 'openalex']))
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) throw new NotFound();
  return asWire({
    ...officeOf(row),
    status: Boolean(row.status),
    portrait_url: row.portrait_url || DEFAULT_PORTRAIT,
    link2: await sanitizeHtml(row.link2),
  });
}

/** The personal pages on this site of the members the public sees (the site search): markdown or sanitized HTML. */
export async function publicPersonPages(ctx: Ctx): Promise<{ username: string; link_type: number; link1: string; link2: string }[]> {
  const rows = await listed(ctx.db.selectFrom('person').select(['username', 'link_type', 'link1', 'link2']))
    .where('link_type', 'in', [1, 2])
    .execute();
  return Promise.all(rows.map(async (r) => ({ ...r, link2: r.link_type === 2 ? await sanitizeHtml(r.link2) : '' })));
}

/** The public picker list: no student/staff numbers (they are personal data; SPEC shows them nowhere public). */
export async function peopleLightList(ctx: Ctx) {
  const rows = await listed(ctx.db.selectFrom('person').select(['pid', 'username', 'name_zh', 'name_en', 'type', 'type_num', 'status']))
    .orderBy('type_num')
    .orderBy('pid')
    .execute();
  return rows.map((r) => ({ ...r, status: Boolean(r.status) }));
}
