import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { passwordProblem } from '../../common/password-policy.ts';
import { FieldError, NotFound, Refused } from '../errors.ts';
import type { Lab } from '../lab.ts';
import { labNames, resetMail, withLink } from '../mail/mails.ts';
import { renderMail } from '../mail/template.ts';
import { logActivity } from './activity.ts';
import { actorByUsername, hashPassword, sha256 } from './auth.ts';
import { hit } from './counters.ts';
import { forgetTrustedDevices } from './two-factor.ts';

// Self-service password reset by e-mail. A member asks with their username or e-mail
// address; the answer is the same whether or not an account matches, and the mail (if any) is sent after
// the answer has gone, so neither its words, its status nor its timing tells. The link carries a random
// 256-bit token, stored only as its SHA-256, single use, valid for 1 hour; setting the new password (the
// rules of a change) ends every session of the member.

const RESET_SECONDS = 3600;
/** At most this many reset mails per account and hour (more asks are answered alike and send nothing). */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** At most this many accounts one ask may name (several members may share an e-mail address). */
const MAX_MATCHES = 3;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The page that takes a reset link: the token in the fragment never travels with the page, nor lands in a log. */
const resetPath = (token: string) => `/reset-password#${token}`;

/** The accounts an ask names: the username, else every account with that e-mail address (any case). */
async function matches(db: DB, login: string) {
  const columns = ['pid', 'username', 'name_zh', 'name_en', 'email'] as const;
  const byName = await db.selectFrom('person').select(columns).where('username', '=', login).executeTakeFirst();
  if (byName) return [byName];
  if (!login.includes('@')) return [];
  return db.selectFrom('person').select(columns).where(sql<string>`lower(email)`, '=', login.toLowerCase()).orderBy('pid').limit(MAX_MATCHES).execute();
}

/** How long after an e-mail change no reset is mailed. */
const EMAIL_HOLD_MS = 24 * 3600_000;

/**
 * Asks for a reset of the account `login` names: run after the answer (lab.mailer.later). Each matching
 * account with an e-mail address, under its hourly limit, gets a new link (replacing an earlier one) by mail;
 * a mail that could not be sent leaves no link. Every ask is in the activity log.
 */
export async function requestReset(lab: Pick<Lab, 'db' | 'mailer'>, login: string, origin: string, address: string): Promise<void> {
  const { db, mailer } = lab;
  const found = await matches(db, login);
  if (found.length === 0) {
    await logActivity(
      { db, actor: null, address },
      { action: 'reset_request', resource: 'person', record: login.slice(0, 100), outcome: 'refused', detail: ['unknown'] },
    );
    return;
  }
  for (const p of found) {
    const entry = { action: 'reset_request', resource: 'person', record: p.pid } as const;
    if (!p.email) {
      await logActivity({ db, actor: null, address }, { ...entry, outcome: 'refused', detail: ['no_email'] });
      continue;
    }
    // a reset is held for a day after the address changed: whoever changed it with a stolen session waits
    // while the old address has been told
    const changed = await db
      .selectFrom('activity')
      .select('eid')
      .where('action', '=', 'email')
      .where('resource', '=', 'person')
      .where('record', '=', String(p.pid))
      .where('at', '>', new Date(Date.now() - EMAIL_HOLD_MS).toISOString())
      .executeTakeFirst();
    if (changed) {
      await logActivity({ db, actor: null, address }, { ...entry, outcome: 'refused', detail: ['email_changed'] });
      continue;
    }
    const count = await hit(db, `reset-account:${p.pid}`, RESET_SECONDS * 1000);
    if (count.count > RESET_MAILS_PER_ACCOUNT) {
      await logActivity({ db, actor: null, address }, { ...entry, outcome: 'refused', detail: ['rate_limited'] });
      continue;
    }
    const token = randomBytes(32).toString('base64url');
    const now = nowSeconds();
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('password_reset').where('person_pid', '=', p.pid).execute();
      await tx
        .insertInto('password_reset')
        .values({ token_hash: sha256(token), person_pid: p.pid, created_at: now, expires_at: now + RESET_SECONDS })
        .execute();
    });
    const mail = renderMail(withLink(resetMail, `${origin}${resetPath(token)}`), {
      ...(await labNames(db)),
      name_zh: p.name_zh,
      name_en: p.name_en,
      username: p.username,
    });
    try {
      await mailer.send({ ...mail, to: p.email }, 'password reset');
    } catch (e) {
      // a link nobody received is no link
      await db.deleteFrom('password_reset').where('token_hash', '=', sha256(token)).execute();
      await logActivity({ db, actor: null, address }, { ...entry, outcome: 'failed', detail: ['mail_failed'] });
      throw e;
    }
    await logActivity({ db, actor: null, address }, { ...entry, detail: ['mail'] });
  }
}

export type ResetState = { state: 'open' | 'used' | 'expired'; username: string; name_zh: string; name_en: string; expires_at: number };

async function find(db: DB, token: string) {
  if (!TOKEN_RE.test(token)) return undefined;
  return db
    .selectFrom('password_reset')
    .innerJoin('person', 'person.pid', 'password_reset.person_pid')
    .select(['password_reset.person_pid', 'password_reset.expires_at', 'password_reset.used_at', 'person.username', 'person.name_zh', 'person.name_en'])
    .where('password_reset.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

const stateOf = (row: { used_at: number | null; expires_at: number }, now: number): ResetState['state'] =>
  row.used_at !== null ? 'used' : row.expires_at <= now ? 'expired' : 'open';

/** What the reset page shows before the member chooses a password. */
export async function readReset(db: DB, token: string): Promise<ResetState> {
  const row = await find(db, token);
  if (!row) throw new NotFound('reset_unknown');
  return { state: stateOf(row, nowSeconds()), username: row.username, name_zh: row.name_zh, name_en: row.name_en, expires_at: row.expires_at };
}

/**
 * Sets the new password, checked by the policy with whom the link is for (the form knew only the password), ends
 * every session of the member and forgets the devices trusted to skip the second factor; the link is used up.
 */
export async function completeReset(db: DB, token: string, password: string, address?: string): Promise<void> {
  const row = await find(db, token);
  if (!row) throw new NotFound('reset_unknown');
  const now = nowSeconds();
  const state = stateOf(row, now);
  if (state !== 'open') throw new Refused(state === 'used' ? 'reset_used' : 'reset_expired');
  const problem = passwordProblem(password, { username: row.username, names: [row.name_zh, row.name_en] });
  if (problem) throw FieldError.one('password', problem);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    const taken = await tx
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new Refused('reset_used');
    await tx.updateTable('person').set({ password_hash: hash, must_change_password: 0 }).where('pid', '=', row.person_pid).execute();
    await tx.deleteFrom('session').where('person_pid', '=', row.person_pid).execute();
    // whoever took the account had its devices trusted too
    await forgetTrustedDevices(tx, row.person_pid);
    // an invitation still open would set the password again: the member has chosen one
    await tx.deleteFrom('invitation').where('person_pid', '=', row.person_pid).where('used_at', 'is', null).execute();
    const actor = await actorByUsername(tx, row.username);
    await logActivity({ db: tx, actor, address }, { action: 'password', resource: 'person', record: row.person_pid, detail: ['reset'] });
  });
}
