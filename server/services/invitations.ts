import { forgetTrustedDevices } from './two-factor.ts';
import { passwordProblem } from '../../common/password-policy.ts';
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database.ts';
import { FieldError, NotFound, Refused } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail, labNames, withLink } from '../mail/mails.ts';
import { renderMail } from '../mail/template.ts';
import { logActivity } from './activity.ts';
import { type Actor, actorByUsername, hashPassword, sha256, startSession, unusablePassword, verifyPassword } from './auth.ts';

// Invitations: how a member gets their first password, or a new one after a reset.
// A random 256-bit token, shown once (to the administrator, or printed by the CLI) and stored only as its
// SHA-256; single use, valid for 7 days. Issuing one resets the account: the password it had stops working
// and its sessions end, until the member opens the link, chooses a password and is logged in. SPEC §9's
// initial password (the name in pinyin) is never given: it is derived from public data.

export const INVITATION_DAYS = 7;
const INVITATION_SECONDS = INVITATION_DAYS * 86_400;
/** The token's form: 32 random bytes in base64url. Anything else names no invitation, and is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The page that takes an invitation: the token in the fragment never travels to the server with the page, nor lands in a log or a Referer. */
const invitationPath = (token: string) => `/invite#${token}`;

export type Issued = { token: string; path: string; expiresAt: number };

/**
 * Issues a new invitation for `pid`, replacing any earlier one: the account's password stops working and
 * its sessions end (at creation it had none anyone knows). `by`: the administrator, or null at the machine.
 */
export async function issueInvitation(db: DB, pid: number, by: Actor | null, opts: { address?: string } = {}): Promise<Issued> {
  const person = await db.selectFrom('person').select('pid').where('pid', '=', pid).executeTakeFirst();
  if (!person) throw new NotFound();
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  const expiresAt = now + INVITATION_SECONDS;
  const unusable = await hashPassword(unusablePassword());
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('invitation').where('person_pid', '=', pid).execute();
    await tx
      .insertInto('invitation')
      .values({ token_hash: sha256(token), person_pid: pid, created_by: by?.pid ?? null, created_at: now, expires_at: expiresAt })
      .execute();
    await tx.updateTable('person').set({ password_hash: unusable, must_change_password: 1 }).where('pid', '=', pid).execute();
    await tx.deleteFrom('session').where('person_pid', '=', pid).execute();
    await logActivity({ db: tx, actor: by, address: opts.address }, { action: 'invite', resource: 'person', record: pid });
  });
  return { token, path: invitationPath(token), expiresAt };
}

export type InvitationState = {
  state: 'open' | 'used' | 'expired';
  username: string;
  name_zh: string;
  name_en: string;
  /** Unix seconds. */
  expires_at: number;
};

async function find(db: DB, token: string) {
  if (!TOKEN_RE.test(token)) return undefined;
  // looked up by the token's SHA-256: a time that depends on the stored hashes tells nothing about a token
  return db
    .selectFrom('invitation')
    .innerJoin('person', 'person.pid', 'invitation.person_pid')
    .select([
      'invitation.person_pid',
      'invitation.expires_at',
      'invitation.used_at',
      'person.username',
      'person.name_zh',
      'person.name_en',
      'person.password_hash',
    ])
    .where('invitation.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

const stateOf = (row: { used_at: number | null; expires_at: number }): InvitationState['state'] =>
  row.used_at !== null ? 'used' : row.expires_at <= nowSeconds() ? 'expired' : 'open';

/** What the invitation page shows before the member chooses a password. */
export async function readInvitation(db: DB, token: string): Promise<InvitationState> {
  const row = await find(db, token);
  if (!row) throw new NotFound('invitation_unknown');
  return { state: stateOf(row), username: row.username, name_zh: row.name_zh, name_en: row.name_en, expires_at: row.expires_at };
}

/**
 * Takes an invitation: sets the password the member chose (already checked by the rules of a change) and
 * logs them in. Used or expired invitations are refused, each saying so; of two at once, one wins.
 */
export async function acceptInvitation(db: DB, token: string, password: string, address?: string): Promise<{ token: string; loginTime: number; actor: Actor }> {
  const row = await find(db, token);
  if (!row) throw new NotFound('invitation_unknown');
  const state = stateOf(row);
  if (state !== 'open') throw new Refused(state === 'used' ? 'invitation_used' : 'invitation_expired');
  // the password the account had (SPEC §9's pinyin one, after an upgrade) is derived from public data
  if (await verifyPassword(row.password_hash, password)) throw FieldError.one('password', 'password_same');
  // the policy with whom the invitation is for (the form only knew the password)
  const problem = passwordProblem(password, { username: row.username, names: [row.name_zh, row.name_en] });
  if (problem) throw FieldError.one('password', problem);
  const hash = await hashPassword(password);
  const now = nowSeconds();
  const session = await db.transaction().execute(async (tx) => {
    const taken = await tx
      .updateTable('invitation')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new Refused('invitation_used');
    await tx.updateTable('person').set({ password_hash: hash, must_change_password: 0 }).where('pid', '=', row.person_pid).execute();
    await tx.deleteFrom('session').where('person_pid', '=', row.person_pid).execute();
    await forgetTrustedDevices(tx, row.person_pid);
    const started = await startSession(tx, row.person_pid);
    const actor = await actorByUsername(tx, row.username);
    await logActivity({ db: tx, actor, address }, { action: 'password', resource: 'person', record: row.person_pid, detail: ['invitation'] });
    await logActivity({ db: tx, actor, address }, { action: 'login', resource: 'session', record: row.username });
    return { ...started, actor };
  });
  return session;
}

/**
 * Sends an open invitation of `pid` to their e-mail address: the administrator holds the
 * link (shown once), the server checks it is that member's open invitation and mails it, so the copied link
 * and the mailed one are the same. Refused, each saying why, without SMTP, without an address, or for a
 * link that is not that member's open one; a mail the server could not send changes nothing.
 */
export async function mailInvitation(db: DB, mailer: Mailer, by: Actor, pid: number, token: string, origin: string, address?: string): Promise<void> {
  mailer.requireConfigured();
  const person = await db.selectFrom('person').select(['pid', 'username', 'name_zh', 'name_en', 'email']).where('pid', '=', pid).executeTakeFirst();
  if (!person) throw new NotFound();
  if (!person.email) throw new Refused('no_email');
  const row = await find(db, token);
  if (!row || row.person_pid !== pid) throw new NotFound('invitation_unknown');
  const state = stateOf(row);
  if (state !== 'open') throw new Refused(state === 'used' ? 'invitation_used' : 'invitation_expired');
  const mail = renderMail(withLink(invitationMail, `${origin}${invitationPath(token)}`), {
    ...(await labNames(db)),
    name_zh: person.name_zh,
    name_en: person.name_en,
    username: person.username,
  });
  await mailer.send({ ...mail, to: person.email }, 'invitation');
  await logActivity({ db, actor: by, address }, { action: 'mail', resource: 'person', record: pid, detail: ['invitation'] });
}
