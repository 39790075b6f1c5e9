import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { DB } from '../db/database.ts';
import type { TableRow } from '../db/schema.ts';

// Passwords (argon2id), login tokens (random 256 bits, stored as SHA-256) and their lifetime.

export const SESSION_SECONDS = 604_800;

export type Actor = {
  pid: number;
  uid: string;
  username: string;
  name_zh: string;
  name_en: string;
  authority: 'admin' | 'user';
  portrait_url: string | null;
  /** Still on an initial or reset password: every write but the change of it is refused (http/auth.ts). */
  must_change_password: boolean;
  /** An administrator without two-factor login while the site requires it: only enrolment is open (http/auth.ts). */
  two_factor_missing?: boolean;
  /** When the session of this request logged in (seconds): a fresh login stands for the password (two-factor enrolment). */
  login_time?: number;
};

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Spends the same time on an unknown username as on a known one.
const dummyHash = hashPassword('not-a-password-of-anyone');

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A password nobody knows, for an account that waits for its invitation (services/invitations.ts): SPEC §9's
 * initial password is derived from the public name, so it is never set.
 */
export const unusablePassword = () => randomBytes(32).toString('base64url');

const nowSeconds = () => Math.floor(Date.now() / 1000);

const actorColumns = ['pid', 'uid', 'username', 'name_zh', 'name_en', 'authority', 'portrait_url', 'must_change_password'] as const;

const actorOf = (row: Pick<TableRow<'person'>, (typeof actorColumns)[number]>): Actor => ({
  ...row,
  // sound: the column's CHECK allows no other value
  authority: row.authority as Actor['authority'],
  must_change_password: row.must_change_password === 1,
});

/** A member as services see them when they act (seeding, scripts, tests): by username, without a session. */
export async function actorByUsername(db: DB, username: string): Promise<Actor> {
  const row = await db
    .selectFrom('person')
    .select([...actorColumns])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return actorOf(row);
}

export type LoginResult =
  | { status: 'success'; token: string; loginTime: number; actor: Actor }
  // the password is right and the member has two-factor login: no session until the code (services/two-factor.ts)
  | { status: 'code_required'; actor: Actor }
  | { status: 'fail'; needsInvitation?: true }
  | { status: 'notexist' };

/** A new session for `pid`: its token (only its SHA-256 is kept) and login time. Expired sessions of anyone go on the way. */
export async function startSession(db: DB, pid: number): Promise<{ token: string; loginTime: number }> {
  const token = randomBytes(32).toString('base64url');
  const loginTime = nowSeconds();
  await db
    .insertInto('session')
    .values({ token_hash: sha256(token), person_pid: pid, login_time: loginTime })
    .execute();
  await db
    .deleteFrom('session')
    .where('login_time', '<', loginTime - SESSION_SECONDS)
    .execute();
  return { token, loginTime };
}

export async function login(db: DB, username: string, password: string, opts: { twoFactor?: (pid: number) => Promise<boolean> } = {}): Promise<LoginResult> {
  const row = await db
    .selectFrom('person')
    .select([...actorColumns, 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) {
    await verifyPassword(await dummyHash, password);
    return { status: 'notexist' };
  }
  const right = await verifyPassword(row.password_hash, password);
  // an account waiting for its invitation has no password that logs in: not SPEC §9's pinyin one, derived
  // from the public name, nor a printed reset one; said whatever was typed, so it tells nothing
  // about the password
  if (row.must_change_password === 1) return { status: 'fail', needsInvitation: true };
  if (!right) return { status: 'fail' };
  const { password_hash: _, ...actor } = row;
  if (opts.twoFactor && (await opts.twoFactor(row.pid))) return { status: 'code_required', actor: actorOf(actor) };
  const { token, loginTime } = await startSession(db, row.pid);
  return { status: 'success', token, loginTime, actor: actorOf(actor) };
}

export type TokenCheck = { actor: Actor } | { error: 'invalid' | 'expired' };

export async function actorForToken(db: DB, token: string): Promise<TokenCheck> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { error: 'invalid' };
  const row = await db
    .selectFrom('session')
    .innerJoin('person', 'person.pid', 'session.person_pid')
    .leftJoin('two_factor', (j) => j.onRef('two_factor.person_pid', '=', 'person.pid').on('two_factor.enabled_at', 'is not', null))
    .select([...actorColumns.map((c) => `person.${c}` as const), 'session.login_time', 'two_factor.person_pid as enrolled'])
    // one query: whether the site requires two-factor login of administrators
    .select((eb) => eb.selectFrom('site_settings').select('require_admin_2fa').limit(1).as('required'))
    .where('session.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return { error: 'invalid' };
  if (nowSeconds() - row.login_time >= SESSION_SECONDS) {
    await db.deleteFrom('session').where('token_hash', '=', sha256(token)).execute();
    return { error: 'expired' };
  }
  const { login_time, enrolled, required, ...actor } = row;
  const a = actorOf(actor);
  a.login_time = login_time;
  if (a.authority === 'admin' && required === 1 && enrolled == null) a.two_factor_missing = true;
  return { actor: a };
}

export async function logout(db: DB, token: string): Promise<void> {
  await db.deleteFrom('session').where('token_hash', '=', sha256(token)).execute();
}

export async function revokeSessionsOf(db: DB, pid: number, exceptToken?: string): Promise<void> {
  let q = db.deleteFrom('session').where('person_pid', '=', pid);
  if (exceptToken) q = q.where('token_hash', '!=', sha256(exceptToken));
  await q.execute();
}
