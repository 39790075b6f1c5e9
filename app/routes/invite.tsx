import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AccountCard, accountPageData, accountPageMeta, postJson } from '../components/account-card.tsx';
import { useT } from '../i18n/index.tsx';
import { storeSession } from '../lib/session.ts';
import type { Route } from './+types/invite.ts';

// An invitation (issue #25): /invite#<token>. The token is in the fragment, which the browser never sends
// with the page: the page is the same for everyone, and reads the token here to ask the API about it.
// The member chooses a password (the rules of a change) and is logged in like at the login page.

/** SPEC §9's post-login redirect delay. */
const REDIRECT_DELAY_MS = 500;

export function loader(args: Route.LoaderArgs) {
  return accountPageData(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return accountPageMeta(loaderData, { zh: '设置密码', en: 'Choose your password' }, '/invite');
}

type Invitation = { state: 'open' | 'used' | 'expired'; username: string; name_zh: string; name_en: string; expires_at: string };
type View = { kind: 'checking' } | { kind: 'open'; invitation: Invitation } | { kind: 'used' | 'expired' | 'unknown' | 'error' } | { kind: 'done' };
type Answer = {
  loginStatus?: string;
  loginTime?: number;
  userInfo?: Parameters<typeof storeSession>[0]['userInfo'];
  detail?: string;
  [field: string]: unknown;
};

const closedStates = { used: 'invite.used', expired: 'invite.expired', unknown: 'invite.unknown', error: 'invite.error' } as const;

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const [token, setToken] = useState('');
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const found = window.location.hash.slice(1);
    setToken(found);
    if (!found) {
      setView({ kind: 'unknown' });
      return;
    }
    fetch(`/api/invitation/?token=${encodeURIComponent(found)}`, { headers: { 'Accept-Language': loaderData.lang } })
      .then(async (res) => {
        if (res.status === 404) return setView({ kind: 'unknown' });
        if (!res.ok) return setView({ kind: 'error' });
        const invitation = (await res.json()) as Invitation;
        setView(invitation.state === 'open' ? { kind: 'open', invitation } : { kind: invitation.state });
      })
      .catch(() => setView({ kind: 'error' }));
  }, [loaderData.lang]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setErrors({});
    setProblem('');
    try {
      const res = await postJson(
        '/api/invitation/',
        { token, password: String(form.get('password') ?? ''), password2: String(form.get('password2') ?? '') },
        lang,
      );
      const body = (await res.json()) as Answer;
      if (res.ok && body.loginStatus === 'success' && body.loginTime && body.userInfo) {
        storeSession({ loginTime: body.loginTime, userInfo: body.userInfo });
        setView({ kind: 'done' });
        window.setTimeout(() => window.location.assign('/console'), REDIRECT_DELAY_MS);
        return;
      }
      setBusy(false);
      if (res.status === 404) return setView({ kind: 'unknown' });
      if (typeof body.detail === 'string') {
        // used or expired in the meantime, or too many tries: the server's words, in the reader's language
        setProblem(body.detail);
        return;
      }
      // field errors: each beside its field
      setErrors(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : String(v)])));
    } catch {
      setBusy(false);
      setProblem(t('invite.error'));
    }
  }

  const invitation = view.kind === 'open' ? view.invitation : undefined;
  const until = invitation
    ? new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(
        new Date(invitation.expires_at),
      )
    : '';

  return (
    <AccountCard id="invite-title" title={t('invite.title')} labName={loaderData.labName} onSubmit={submit}>
      {view.kind === 'checking' && <p role="status">{t('invite.checking')}</p>}
      {view.kind in closedStates && (
        <>
          <div className="alert error" role="alert">
            {t(closedStates[view.kind as keyof typeof closedStates])}
          </div>
          <p>
            <Link to="/login">{t('invite.login')}</Link>
          </p>
        </>
      )}
      {view.kind === 'done' && (
        <div className="alert success" role="status">
          {t('invite.success')}
        </div>
      )}
      {invitation && (
        <>
          <p>{t('invite.greeting', { name: lang === 'zh' ? invitation.name_zh : invitation.name_en, username: invitation.username })}</p>
          <p className="hint">{t('invite.validUntil', { time: until })}</p>
          {/* the username lets a password manager file the new password under the right account */}
          <input type="text" name="username" autoComplete="username" value={invitation.username} readOnly hidden />
          <label className="field">
            <span>{t('invite.password')}</span>
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              aria-invalid={!!errors.password}
              aria-describedby="invite-rules"
            />
          </label>
          {errors.password && (
            <div className="alert error" role="alert">
              {errors.password}
            </div>
          )}
          <p id="invite-rules" className="hint">
            {t('invite.rules')}
          </p>
          <label className="field">
            <span>{t('invite.password2')}</span>
            <input name="password2" type="password" autoComplete="new-password" required aria-invalid={!!errors.password2} />
          </label>
          {errors.password2 && (
            <div className="alert error" role="alert">
              {errors.password2}
            </div>
          )}
          {problem && (
            <div className="alert error" role="alert">
              {problem}
            </div>
          )}
          <button type="submit" className="button full" disabled={busy} style={{ marginTop: 8 }}>
            {busy ? t('invite.submitting') : t('invite.submit')}
          </button>
        </>
      )}
    </AccountCard>
  );
}
