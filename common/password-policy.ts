import { commonPasswords } from './common-passwords.ts';

// The password policy: one rule for the console's live feedback and the server, which decides.
// A password has at least PASSWORD_MIN characters, is not one of the common (breached) passwords bundled in
// common-passwords.ts, and does not contain the member's username or name. Every check is linear in the
// password (lower-casing, one pass of a character class, a Set look-up, and `includes` of needles of at most 200
// characters).

export const PASSWORD_MIN = 10;

/** The message keys (common/messages.ts) of a refused password. */
export type PasswordProblem = 'password_min' | 'password_common' | 'password_personal';

const common = new Set(commonPasswords);

/** Whom the password is for: what it must not contain. */
export type PasswordOwner = { username?: unknown; names?: readonly unknown[] };

const cjk = /\p{Script=Han}/u;
/** Spaces and punctuation, left out on both sides: "Zhang-San-2026" contains the name "Zhang San". */
const separators = /[\s\p{P}\p{S}]+/gu;
const squeeze = (s: string) => s.toLowerCase().replace(separators, '');

/**
 * What a password must not contain, lower-cased and without spaces and punctuation: the username and each
 * name, when it has 3 characters or more (2 for a Chinese name, which often has two). Shorter ones
 * ("Li", "Wu") are too common inside unrelated words to refuse a password for.
 */
function personalPieces(owner: PasswordOwner): string[] {
  const pieces = new Set<string>();
  for (const given of [owner.username, ...(owner.names ?? [])]) {
    if (typeof given !== 'string') continue;
    const piece = squeeze(given.slice(0, 200));
    if (piece.length >= (cjk.test(piece) ? 2 : 3)) pieces.add(piece);
  }
  return [...pieces];
}

/** The first rule a password breaks, or null when it may be used. An empty password is not judged here. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  if ([...password.slice(0, PASSWORD_MIN * 2)].length < PASSWORD_MIN) return 'password_min';
  if (common.has(password.toLowerCase())) return 'password_common';
  const squeezed = squeeze(password);
  for (const piece of personalPieces(owner)) if (squeezed.includes(piece)) return 'password_personal';
  return null;
}
