import { passwordProblem } from '../common/password-policy.ts';
import { t } from '../common/messages.ts';
import { INVITATION_DAYS } from '../server/services/invitations.ts';
import { type Config, fail } from './command.ts';

// What create-user and reset-password share: the password policy and the invitation link they print.

/** The password policy of the console and the API (common/password-policy.ts), said in both languages. */
export function policy(password: string, owner: Parameters<typeof passwordProblem>[1]) {
  const problem = passwordProblem(password, owner);
  if (problem) fail(`the password is refused: ${t('en', problem)} / ${t('zh', problem)}`);
}

/** An invitation's link as printed: PUBLIC_URL's origin, else the address the site listens on, and BASE_PATH. */
export function invitationLink(config: Config, path: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `${config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`}${config.basePath}${path}`;
}

export const invitationNote = `Send it to them: it works once, for ${INVITATION_DAYS} days, and shows only now.`;
