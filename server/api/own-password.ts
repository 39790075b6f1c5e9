import type { MessageKey } from '../../common/messages.ts';
import type { DB } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { type Actor, verifyPassword } from '../services/auth.ts';
import { hit, reset } from '../services/counters.ts';

// One's own password of this site, asked before a step a stolen session alone must not take: turning two-factor
// login on or off (api/two-factor.ts), linking a campus account (api/campus-links.ts). Wrong ones are counted per
// person across all of them, as for a password change (services/people.ts).

const PASSWORD_TRIES = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;
/** A login this recent stands for the password (the administrator the site sends to enrolment right after logging in). */
const FRESH_LOGIN_SECONDS = 10 * 60;

/** Checks one's own password: 400 when wrong, 429 past the cap of wrong ones. */
export async function checkOwnPassword(db: DB, pid: number, password: string): Promise<void> {
  const key = `old-password:${pid}`;
  const tries = await hit(db, key, PASSWORD_WINDOW_MS);
  if (tries.count > PASSWORD_TRIES) throw new ApiError(429, 'rate_limited');
  const row = await db.selectFrom('person').select('password_hash').where('pid', '=', pid).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, password))) throw new ApiError(400, 'old_password_wrong');
  await reset(db, key);
}

/** The password, unless this session logged in within FRESH_LOGIN_SECONDS; `missing` says what it is for. */
export async function passwordOrFreshLogin(db: DB, actor: Actor, password: string | undefined, missing: MessageKey): Promise<void> {
  const fresh = actor.login_time !== undefined && Date.now() / 1000 - actor.login_time < FRESH_LOGIN_SECONDS;
  if (fresh) return;
  if (!password) throw new ApiError(400, missing);
  await checkOwnPassword(db, actor.pid, password);
}
