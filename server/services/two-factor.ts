import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database.ts';
import { NotFound, Refused, TooManyTries } from '../errors.ts';
import { logActivity } from './activity.ts';
import { type Actor, safeEqual, sha256 } from './auth.ts';
import type { Ctx } from './context.ts';
import { hit, reset } from './counters.ts';

// Two-factor login with TOTP. The secret and the recovery codes live in their own table
// (two_factor), which no read of a person selects. A login of an enrolled member stops after the password
// at a server-side challenge (login_challenge: a random token kept as its SHA-256, 5 minutes, 5 tries) and
// ends with a code or a recovery code. A TOTP code is accepted once: the last accepted time step is kept and
// an update that only succeeds past it makes two uses of one code (even at once) take one login. A device
// trusted for 30 days holds a random cookie token (trusted_device, as its SHA-256): resetting or turning off
// two-factor, or changing the password, deletes them.

const nowSeconds = () => Math.floor(Date.now() / 1000);

const CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_TRIES = 5;
export const TRUST_SECONDS = 30 * 24 * 3600;
export const TRUST_COOKIE = 'lab_trusted';
const RECOVERY_CODES = 10;
/** One step either side: a phone clock 30 s off still logs in. */
const TOLERANCE_SECONDS = 30;

/** The authenticator's name for the site when the site has no name yet. */
const FALLBACK_ISSUER = 'Lab website';
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

/** A recovery code: 16 characters of Crockford-like base32 (80 bits), shown as four groups of four. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s.match(/.{4}/g)?.join('-') ?? s;
}
/** How a typed recovery code is compared: lower case, without spaces and hyphens. */
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export type TwoFactorState = { enabled: boolean; required: boolean; recovery_left: number };

/** Whether the site makes administrators use two-factor login. */
export async function adminTwoFactorRequired(db: DB): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('require_admin_2fa').executeTakeFirst();
  return row?.require_admin_2fa === 1;
}

export async function twoFactorState(db: DB, actor: Actor): Promise<TwoFactorState> {
  const row = await db.selectFrom('two_factor').select(['enabled_at', 'recovery']).where('person_pid', '=', actor.pid).executeTakeFirst();
  const enabled = row?.enabled_at != null;
  return {
    enabled,
    required: actor.authority === 'admin' && (await adminTwoFactorRequired(db)),
    recovery_left: enabled ? (JSON.parse(row?.recovery ?? '[]') as string[]).length : 0,
  };
}

export async function isEnrolled(db: DB, pid: number): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('enabled_at').where('person_pid', '=', pid).executeTakeFirst();
  return row?.enabled_at != null;
}

/**
 * How the member's authenticator names this site: the lab's name in the language the member enrols in (the
 * other when that one is empty). A colon would end the issuer early in the otpauth label (Key URI Format), so
 * none is kept; otplib encodes both parts of `issuer:username`.
 */
async function issuerName(ctx: Ctx): Promise<string> {
  const row = await ctx.db.selectFrom('site_settings').select(['lab_name_zh', 'lab_name_en']).executeTakeFirst();
  const names = ctx.lang === 'en' ? [row?.lab_name_en, row?.lab_name_zh] : [row?.lab_name_zh, row?.lab_name_en];
  for (const name of names) {
    const clean = (name ?? '').replace(/:/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60).trim();
    if (clean !== '') return clean;
  }
  return FALLBACK_ISSUER;
}

/** Starts (or starts again) an enrolment: a new secret, its otpauth URI and a QR code of it drawn here as SVG. */
export async function beginEnrolment(ctx: Ctx, actor: Actor): Promise<{ secret: string; uri: string; qr_svg: string }> {
  if (await isEnrolled(ctx.db, actor.pid)) throw new Refused('two_factor_already');
  // otplib and qrcode are loaded when first needed: about 20 MB a lab without two-factor never keeps
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([import('otplib'), import('qrcode')]);
  const secret = generateSecret();
  await ctx.db.deleteFrom('two_factor').where('person_pid', '=', actor.pid).execute();
  await ctx.db.insertInto('two_factor').values({ person_pid: actor.pid, secret, enabled_at: null, last_step: null }).execute();
  const uri = generateURI({ issuer: await issuerName(ctx), label: actor.username, secret });
  const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr_svg };
}

/**
 * Checks a TOTP code against `secret` and takes its time step: true only for the first use of a code of a
 * step after the last one taken (a conditional update, so two uses at once take one).
 */
async function takeCode(db: DB, pid: number, secret: string, lastStep: number | null, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const { verify } = await import('otplib');
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(lastStep != null ? { afterTimeStep: lastStep } : {}) });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = Number(result.timeStep);
  const taken = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('person_pid', '=', pid)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Confirms an enrolment with a code from the authenticator; answers the recovery codes, shown this once. */
export async function confirmEnrolment(ctx: Ctx, actor: Actor, code: string): Promise<{ recovery_codes: string[] }> {
  const row = await ctx.db.selectFrom('two_factor').selectAll().where('person_pid', '=', actor.pid).executeTakeFirst();
  if (!row) throw new Refused('two_factor_not_pending');
  if (row.enabled_at != null) throw new Refused('two_factor_already');
  if (!(await takeCode(ctx.db, actor.pid, row.secret, row.last_step, code.trim()))) throw new Refused('two_factor_code_wrong');
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await ctx.db
    .updateTable('two_factor')
    .set({ enabled_at: nowSeconds(), recovery: JSON.stringify(codes.map((c) => sha256(normalRecovery(c)))) })
    .where('person_pid', '=', actor.pid)
    .execute();
  await logActivity(ctx, { action: 'two_factor_enrol', resource: 'person', record: actor.pid });
  return { recovery_codes: codes };
}

/** Removes a member's two-factor login and every device they trusted (turned off by them, or reset). */
export async function removeTwoFactor(db: DB, pid: number): Promise<boolean> {
  const gone = await db.deleteFrom('two_factor').where('person_pid', '=', pid).executeTakeFirst();
  await db.deleteFrom('trusted_device').where('person_pid', '=', pid).execute();
  await db.deleteFrom('login_challenge').where('person_pid', '=', pid).execute();
  return Number(gone.numDeletedRows) > 0;
}

/** An administrator (or the CLI, with no actor) resets another member's two-factor login. */
export async function resetTwoFactor(ctx: Ctx, pid: number): Promise<void> {
  if (ctx.actor && ctx.actor.pid === pid) throw new Refused('two_factor_self_reset');
  const person = await ctx.db.selectFrom('person').select('pid').where('pid', '=', pid).executeTakeFirst();
  if (!person) throw new NotFound();
  // nothing to reset is said, and neither changes nor logs anything
  if (!(await removeTwoFactor(ctx.db, pid))) throw new Refused('two_factor_not_enrolled');
  await logActivity(ctx, { action: 'two_factor_reset', resource: 'person', record: pid });
}

/** The members whose two-factor login is on (the People screen's mark and its reset button). */
export async function enrolledMembers(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('two_factor').select('person_pid').where('enabled_at', 'is not', null).orderBy('person_pid').execute();
  return rows.map((r) => r.person_pid);
}

/** A changed password ends the devices trusted to skip the code. */
export async function forgetTrustedDevices(db: DB, pid: number): Promise<void> {
  await db.deleteFrom('trusted_device').where('person_pid', '=', pid).execute();
}

/** Wrong codes one account may be sent in CODE_WINDOW_MS; past them every code is refused unchecked. */
export const CODE_TRIES = 10;
const CODE_WINDOW_MS = 15 * 60_000;
const codeTriesKey = (pid: number) => `two-factor-codes:${pid}`;

/**
 * The cap was reached: no code is checked until the window ends. `first` on the first refusal of the window, so
 * the owner is told once (the caller mails them).
 */
export class CodesCapped extends TooManyTries {
  readonly first: boolean;
  constructor(first: boolean) {
    super();
    this.first = first;
  }
}

/**
 * Checks a TOTP code or a recovery code (used up) of an enrolled member. Each try is counted before the check
 * (in the database: every instance and every route that takes a code, so 20 clients at 20 addresses share 10
 * tries), and a right code clears the count; past CODE_TRIES wrong ones it throws CodesCapped unchecked.
 */
export async function checkSecondFactor(db: DB, pid: number, code: string): Promise<boolean> {
  const tries = await hit(db, codeTriesKey(pid), CODE_WINDOW_MS);
  if (tries.count > CODE_TRIES) throw new CodesCapped(tries.count === CODE_TRIES + 1);
  const right = await checkCode(db, pid, code);
  if (right) await reset(db, codeTriesKey(pid));
  return right;
}

async function checkCode(db: DB, pid: number, code: string): Promise<boolean> {
  const row = await db.selectFrom('two_factor').selectAll().where('person_pid', '=', pid).executeTakeFirst();
  if (!row || row.enabled_at == null) return false;
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) return takeCode(db, pid, row.secret, row.last_step, typed);
  const hash = sha256(normalRecovery(typed.slice(0, 64)));
  const left = JSON.parse(row.recovery) as string[];
  const i = left.findIndex((h) => safeEqual(h, hash));
  if (i < 0) return false;
  const rest = [...left.slice(0, i), ...left.slice(i + 1)];
  // taken only if nobody took a code meanwhile: two uses of one recovery code take one login
  const taken = await db
    .updateTable('two_factor')
    .set({ recovery: JSON.stringify(rest) })
    .where('person_pid', '=', pid)
    .where('recovery', '=', row.recovery)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * A login that waits for its second factor: the token the client sends back with the code. `kind`: the
 * campus login it finishes, noted in the activity log when the code is given.
 */
export async function openChallenge(db: DB, pid: number, kind = ''): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  await db.deleteFrom('login_challenge').where('expires_at', '<', now).execute();
  await db
    .insertInto('login_challenge')
    .values({ token_hash: sha256(token), person_pid: pid, expires_at: now + CHALLENGE_SECONDS, tries: 0, kind })
    .execute();
  return token;
}

/** The member a challenge waits for, counting this try; refused when unknown, expired or tried too often. */
export async function challengePerson(db: DB, token: string): Promise<number> {
  if (!TOKEN_RE.test(token)) throw new Refused('two_factor_challenge');
  const hash = sha256(token);
  await db
    .updateTable('login_challenge')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('token_hash', '=', hash)
    .execute();
  const row = await db.selectFrom('login_challenge').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!row || row.expires_at < nowSeconds() || row.tries > CHALLENGE_TRIES) throw new Refused('two_factor_challenge');
  return row.person_pid;
}

/** The campus login a challenge finishes ('' for a password login). */
export async function challengeKind(db: DB, token: string): Promise<string> {
  const row = await db.selectFrom('login_challenge').select('kind').where('token_hash', '=', sha256(token)).executeTakeFirst();
  return row?.kind ?? '';
}

export async function closeChallenge(db: DB, token: string): Promise<void> {
  await db.deleteFrom('login_challenge').where('token_hash', '=', sha256(token)).execute();
}

/** A device trusted for 30 days: the cookie's token (only its SHA-256 is kept). */
export async function trustDevice(db: DB, pid: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  await db.deleteFrom('trusted_device').where('expires_at', '<', now).execute();
  await db
    .insertInto('trusted_device')
    .values({ token_hash: sha256(token), person_pid: pid, expires_at: now + TRUST_SECONDS })
    .execute();
  return token;
}

/** Whether the cookie's token trusts this device for `pid`. */
export async function isTrustedDevice(db: DB, pid: number, token: string | undefined): Promise<boolean> {
  if (!token || !TOKEN_RE.test(token)) return false;
  const row = await db
    .selectFrom('trusted_device')
    .select('person_pid')
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', nowSeconds())
    .executeTakeFirst();
  return row?.person_pid === pid;
}
