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
 * SPEC §9's initial password: the name in pinyin, lower case, padded with 0 to 8 characters. The
 * dictionary (pinyin-pro, about 9 MB in memory) loads when a member is first created, not with the server.
 */
export async function initialPassword(name_zh: string, name_en: string): Promise<string> {
  const { pinyin } = await import('pinyin-pro');
  const source = /[\u4e00-\u9fff]/.test(name_zh) ? pinyin(name_zh, { toneType: 'none', type: 'array' }).join('') : name_en || name_zh;
  const base = source.toLowerCase().replace(/[^a-z0-9]/g, '') || 'lab';
  return base.padEnd(8, '0');
}

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

export type LoginResult = { status: 'success'; token: string; loginTime: number; actor: Actor } | { status: 'fail' } | { status: 'notexist' };

export async function login(db: DB, username: string, password: string): Promise<LoginResult> {
  const row = await db
    .selectFrom('person')
    .select([...actorColumns, 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) {
    await verifyPassword(await dummyHash, password);
    return { status: 'notexist' };
  }
  if (!(await verifyPassword(row.password_hash, password))) return { status: 'fail' };
  const token = randomBytes(32).toString('base64url');
  const loginTime = nowSeconds();
  await db
    .insertInto('session')
    .values({ token_hash: sha256(token), person_pid: row.pid, login_time: loginTime })
    .execute();
  // expired sessions of anyone are dropped on the way
  await db
    .deleteFrom('session')
    .where('login_time', '<', loginTime - SESSION_SECONDS)
    .execute();
  const { password_hash: _, ...actor } = row;
  return { status: 'success', token, loginTime, actor: actorOf(actor) };
}

export type TokenCheck = { actor: Actor } | { error: 'invalid' | 'expired' };

export async function actorForToken(db: DB, token: string): Promise<TokenCheck> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { error: 'invalid' };
  const row = await db
    .selectFrom('session')
    .innerJoin('person', 'person.pid', 'session.person_pid')
    .select([...actorColumns.map((c) => `person.${c}` as const), 'session.login_time'])
    .where('session.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return { error: 'invalid' };
  if (nowSeconds() - row.login_time >= SESSION_SECONDS) {
    await db.deleteFrom('session').where('token_hash', '=', sha256(token)).execute();
    return { error: 'expired' };
  }
  const { login_time: _, ...actor } = row;
  return { actor: actorOf(actor) };
}

export async function logout(db: DB, token: string): Promise<void> {
  await db.deleteFrom('session').where('token_hash', '=', sha256(token)).execute();
}

export async function revokeSessionsOf(db: DB, pid: number, exceptToken?: string): Promise<void> {
  let q = db.deleteFrom('session').where('person_pid', '=', pid);
  if (exceptToken) q = q.where('token_hash', '!=', sha256(exceptToken));
  await q.execute();
}
