import { randomBytes } from 'node:crypto';
import { sitePath } from '../../common/paths.ts';
import { personTypes } from '../../common/enums.ts';
import type { MatchRule } from '../config.ts';
import type { DB } from '../db/database.ts';
import { FieldError, Refused, type Unavailable } from '../errors.ts';
import { logActivity } from './activity.ts';
import { type Actor, actorByUsername, sha256 } from './auth.ts';
import type { Ctx } from './context.ts';
import { tlsCause } from '../tls-cause.ts';
import { linkAtFirstLogin, linkOf } from './external-links.ts';
import { people } from './people.ts';

// The rules every university login shares, whatever the protocol (services/oidc.ts,
// cas.ts, ldap.ts):
// - an external identity (its kind, its campus server, its subject, its claims or attributes) is the member it
//   was linked to (services/external-links.ts); else a member of this site when the configured claim equals the
//   member's username, e-mail or student/staff number (<KIND>_MATCH and <KIND>_ATTRIBUTE), and the link is
//   recorded then; anyone else is refused with a clear message, unless the site setting lets a first login
//   create the account, of the configured member type and always with the authority "user"; an administrator
//   only by a link of their own;
// - a login that went to the campus server waits for its way back in a state used once (external_state);
// - a campus login that succeeded becomes a handoff used once (external_handoff) that the login page turns
//   into a session by POST /api/login/external/, like any login: the second factor of an enrolled member,
//   the activity log, the session cookie; a CAS ticket stays bound to the session it started (cas_session)
//   for the CAS server's single logout;
// - a site setting can keep members from logging in with a password of this site (administrators always
//   keep it: the way back in when the campus server fails).

export type ExternalKind = 'oidc' | 'cas' | 'ldap';

export type ExternalIdentity = {
  kind: ExternalKind;
  /** The campus server, as configured (OIDC_ISSUER_URL, CAS_URL, LDAP_URL): whose `subject` it is. */
  issuer: string;
  /** The campus server's own id of the person (OIDC sub, CAS user, LDAP DN), which never changes. */
  subject: string;
  /** Claims or attributes, as single strings (the first of several values); bounded by the protocol modules. */
  attributes: Record<string, string>;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Why a campus server refused us, in its own words (OAuth 2.0's `error` and `error_description`), for the log. */
export class ProviderRefusal extends Error {
  readonly error: string;
  readonly description: string | undefined;
  constructor(error: string, description: string | undefined) {
    // bounded: the provider's text is no one's to fill the log with
    super(`the campus server answered ${error.slice(0, 100)}`);
    this.error = error.slice(0, 100);
    this.description = description?.slice(0, 300);
  }
}

/** What the log keeps of a refused campus login or link: the message's key, the cause, and the campus server's own reason. Never a secret. */
export function refusalLog(kind: ExternalKind, e: Refused | Unavailable) {
  const cause = e.cause;
  return {
    kind,
    key: e.key,
    cause: cause instanceof Error ? cause.message : undefined,
    ...(cause instanceof ProviderRefusal ? { error: cause.error, error_description: cause.description } : {}),
    // a certificate the machine does not trust: its code and the hint naming NODE_EXTRA_CA_CERTS
    ...tlsCause(cause),
  };
}

export const STATE_SECONDS = 10 * 60;
const HANDOFF_SECONDS = 2 * 60;
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;
const randomToken = () => randomBytes(32).toString('base64url');

/** The longest value of a claim that is looked at: more is no username, e-mail or number. */
const MAX_VALUE = 200;

/** A claim's value as one bounded string, or undefined: strings and numbers, the first of a list. */
function claimValue(v: unknown): string | undefined {
  const one = Array.isArray(v) ? v[0] : v;
  if (typeof one === 'number' && Number.isFinite(one)) return String(one);
  // OIDC's email_verified and the like
  if (typeof one === 'boolean') return String(one);
  if (typeof one !== 'string') return undefined;
  const s = one.trim();
  return s !== '' && s.length <= MAX_VALUE ? s : undefined;
}

/** Claims or attributes as single bounded strings (the rest dropped). */
export function flatAttributes(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw).slice(0, 200)) {
    const s = claimValue(v);
    if (s !== undefined && k.length <= 100) out[k] = s;
  }
  return out;
}

/** Whether members (not administrators) may log in with a password of this site. */
export async function memberPasswordsAllowed(db: DB): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('member_passwords').executeTakeFirst();
  return row?.member_passwords !== 0;
}

/** A refused campus login, logged with the identity's matching value (never a secret). */
async function refuse(ctx: Ctx, identity: ExternalIdentity, value: string, error: Refused): Promise<never> {
  await logActivity(ctx, { action: 'login_failed', resource: 'session', record: value || identity.subject, outcome: 'failed', detail: [identity.kind] });
  throw error;
}

/**
 * The member an identity is: by the link recorded before (services/external-links.ts); else by the configured
 * claim, and the link recorded then; or a new account when the site lets a first login create one. Refused
 * (with the message the login page shows) otherwise.
 */
export async function memberForIdentity(ctx: Ctx, identity: ExternalIdentity, rule: MatchRule): Promise<Actor> {
  const linked = await linkOf(ctx.db, identity);
  if (linked) {
    const person = await ctx.db.selectFrom('person').select('username').where('pid', '=', linked.pid).executeTakeFirstOrThrow();
    const actor = await actorByUsername(ctx.db, person.username);
    // an administrator only by their own link: one made by a claim match (before they were made one) is not enough
    if (actor.authority === 'admin' && !linked.explicit) return refuse(ctx, identity, identity.subject, new Refused('external_admin'));
    return ready(ctx, actor);
  }
  const value = identity.attributes[rule.attribute];
  if (!value) return refuse(ctx, identity, '', new Refused('external_missing_claim', { claim: rule.attribute }));
  // an address the provider has not verified is anyone's to claim (OIDC Core §5.7): no match by it
  if (identity.kind === 'oidc' && rule.field === 'email' && identity.attributes.email_verified !== 'true') {
    return refuse(ctx, identity, value, new Refused('external_unverified'));
  }
  let q = ctx.db.selectFrom('person').select('username').limit(2);
  // e-mail addresses compare without case; usernames and numbers exactly
  q = rule.field === 'email' ? q.where((eb) => eb(eb.fn('lower', ['email']), '=', value.toLowerCase())) : q.where(rule.field, '=', value);
  const found = await q.execute();
  if (found.length > 1) return refuse(ctx, identity, value, new Refused('external_ambiguous'));
  const username = found[0]?.username ?? (await signUp(ctx, identity, rule, value));
  const actor = await actorByUsername(ctx.db, username);
  // a claim match never opens an administrator's account: a student whose campus uid is `admin` would be the
  // site's administrator with their own campus password; administrators log in with this site's password (and
  // their second factor), or by the campus account they linked themselves
  if (actor.authority === 'admin') return refuse(ctx, identity, value, new Refused('external_admin'));
  try {
    await linkAtFirstLogin(ctx, identity, actor);
  } catch (e) {
    if (e instanceof Refused) return refuse(ctx, identity, value, e);
    throw e;
  }
  return ready(ctx, actor);
}

/** A member a campus login opens: an account still waiting for its invitation needs it no more. */
async function ready(ctx: Ctx, actor: Actor): Promise<Actor> {
  if (actor.must_change_password) {
    // the campus login proves who it is (its password stays one nobody knows); the console's form to change it
    // is not forced on it
    await ctx.db.updateTable('person').set({ must_change_password: 0 }).where('pid', '=', actor.pid).execute();
    await ctx.db.deleteFrom('invitation').where('person_pid', '=', actor.pid).execute();
    actor.must_change_password = false;
  }
  return actor;
}

/** A first login's new account, when the site setting allows it; its username, in the end. */
async function signUp(ctx: Ctx, identity: ExternalIdentity, rule: MatchRule, value: string): Promise<string> {
  const settings = await ctx.db.selectFrom('site_settings').select(['external_signup', 'external_signup_type']).executeTakeFirst();
  if (settings?.external_signup !== 1) return refuse(ctx, identity, value, new Refused('external_unknown'));
  const a = identity.attributes;
  const username = rule.field === 'username' ? value : (a.preferred_username ?? a.uid ?? a.user ?? (a.email ?? a.mail ?? '').split('@')[0] ?? '');
  const email = rule.field === 'email' ? value : (a.email ?? a.mail ?? '');
  const uid = rule.field === 'uid' ? value : (a.employeeNumber ?? a.student_number ?? username);
  const name = a.name ?? a.displayName ?? a.cn ?? username;
  const type = personTypes.find((t) => t.value === settings.external_signup_type)?.value ?? 'master';
  try {
    await people.create(ctx, {
      username,
      uid: uid.slice(0, 40),
      name_zh: name.slice(0, 100),
      name_en: (a.name_en ?? name).slice(0, 100),
      email: /^[^@\s]{1,64}@[^@\s]{1,190}$/.test(email) ? email : '',
      type,
      // never an administrator, whatever the campus server says
      authority: 'user',
    });
  } catch (e) {
    if (e instanceof FieldError) return refuse(ctx, identity, value, new Refused('external_signup_failed'));
    throw e;
  }
  await ctx.db.updateTable('person').set({ must_change_password: 0 }).where('username', '=', username).execute();
  return username;
}

/** A login sent to the campus server: the state token it comes back with (only its SHA-256 is kept); `linkPid`: to link that member's campus account. */
export async function openState(db: DB, kind: ExternalKind, data: { nonce?: string; verifier?: string; redirect: string; linkPid?: number }): Promise<string> {
  const state = randomToken();
  const now = nowSeconds();
  await db.deleteFrom('external_state').where('expires_at', '<', now).execute();
  await db
    .insertInto('external_state')
    .values({
      state_hash: sha256(state),
      kind,
      nonce: data.nonce ?? '',
      verifier: data.verifier ?? '',
      redirect: data.redirect,
      expires_at: now + STATE_SECONDS,
      link_pid: data.linkPid ?? null,
    })
    .execute();
  return state;
}

type TakenState = { nonce: string; verifier: string; redirect: string; linkPid: number | null };

/** Takes a state back, once: its nonce, verifier and redirect; refused when unknown, used, expired or of another kind. */
export async function takeState(db: DB, kind: ExternalKind, state: string): Promise<TakenState> {
  if (!TOKEN_RE.test(state)) throw new Refused('external_failed');
  const hash = sha256(state);
  const row = await db.selectFrom('external_state').selectAll().where('state_hash', '=', hash).executeTakeFirst();
  // deleted by whoever gets there first: two uses of one state (a replay, even at once) take one login
  const gone = await db.deleteFrom('external_state').where('state_hash', '=', hash).executeTakeFirst();
  if (!row || Number(gone.numDeletedRows) !== 1 || row.kind !== kind || row.expires_at < nowSeconds()) throw new Refused('external_failed');
  return { nonce: row.nonce, verifier: row.verifier, redirect: row.redirect, linkPid: row.link_pid };
}

/** Whether a state (not taken) was started from the profile to link a campus account: its way back ends there too. */
export async function linkIntent(db: DB, kind: ExternalKind, state: string | undefined): Promise<boolean> {
  if (!state || !TOKEN_RE.test(state)) return false;
  const row = await db.selectFrom('external_state').select('link_pid').where('state_hash', '=', sha256(state)).where('kind', '=', kind).executeTakeFirst();
  return row?.link_pid != null;
}

/** A campus login that succeeded, for the login page to finish: the token it sends back (used once). */
export async function openHandoff(db: DB, pid: number, kind: ExternalKind, ticket?: string): Promise<string> {
  const token = randomToken();
  const now = nowSeconds();
  await db.deleteFrom('external_handoff').where('expires_at', '<', now).execute();
  await db
    .insertInto('external_handoff')
    .values({ token_hash: sha256(token), person_pid: pid, kind, ticket_hash: ticket ? sha256(ticket) : null, expires_at: now + HANDOFF_SECONDS })
    .execute();
  return token;
}

export type Handoff = { actor: Actor; kind: ExternalKind; ticketHash: string | null };

/** Takes a handoff, once; refused when unknown, used or expired. */
export async function takeHandoff(db: DB, token: string): Promise<Handoff> {
  if (!TOKEN_RE.test(token)) throw new Refused('external_failed');
  const hash = sha256(token);
  const row = await db.selectFrom('external_handoff').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  const gone = await db.deleteFrom('external_handoff').where('token_hash', '=', hash).executeTakeFirst();
  if (!row || Number(gone.numDeletedRows) !== 1 || row.expires_at < nowSeconds()) throw new Refused('external_failed');
  const person = await db.selectFrom('person').select('username').where('pid', '=', row.person_pid).executeTakeFirst();
  if (!person) throw new Refused('external_failed');
  // sound: only the three kinds are ever written
  return { actor: await actorByUsername(db, person.username), kind: row.kind as ExternalKind, ticketHash: row.ticket_hash };
}

/** Binds a CAS ticket to the session it started, or to the second factor's challenge it waits at. */
export async function bindTicket(db: DB, ticketHash: string, pid: number, to: { session?: string; challenge?: string }): Promise<void> {
  const now = nowSeconds();
  // bindings older than a session can live are of sessions gone
  await db
    .deleteFrom('cas_session')
    .where('created_at', '<', now - 8 * 24 * 3600)
    .execute();
  await db
    .insertInto('cas_session')
    .values({
      ticket_hash: ticketHash,
      person_pid: pid,
      session_hash: to.session ? sha256(to.session) : null,
      challenge_hash: to.challenge ? sha256(to.challenge) : null,
      created_at: now,
    })
    .execute();
}

/** The second factor given: the session started by a challenge takes over its ticket's binding. */
export async function challengeBecameSession(db: DB, challenge: string, session: string): Promise<void> {
  await db
    .updateTable('cas_session')
    .set({ session_hash: sha256(session), challenge_hash: null })
    .where('challenge_hash', '=', sha256(challenge))
    .execute();
}

/** CAS single logout: ends the session (or the login waiting for its code) that `ticket` started; logged as a logout. */
export async function endTicket(db: DB, ticket: string, address?: string): Promise<boolean> {
  const row = await db.selectFrom('cas_session').selectAll().where('ticket_hash', '=', sha256(ticket)).executeTakeFirst();
  if (!row) return false;
  if (row.session_hash) await db.deleteFrom('session').where('token_hash', '=', row.session_hash).execute();
  if (row.challenge_hash) await db.deleteFrom('login_challenge').where('token_hash', '=', row.challenge_hash).execute();
  await db.deleteFrom('cas_session').where('ticket_hash', '=', row.ticket_hash).execute();
  const person = await db.selectFrom('person').select('username').where('pid', '=', row.person_pid).executeTakeFirst();
  if (person) {
    const actor = await actorByUsername(db, person.username);
    await logActivity({ db, actor, ...(address ? { address } : {}) }, { action: 'logout', resource: 'session', record: actor.username, detail: ['cas'] });
  }
  return true;
}

/** A path on this site to go to after the login (the login page checks it again), or the console. */
export function safeReturn(v: unknown): string {
  return sitePath(v, 300) ?? '/console';
}
