import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AccountCard, accountPageData, accountPageMeta, postJson } from '../components/account-card.tsx';
import { useT } from '../i18n/index.tsx';
import type { Route } from './+types/reset-password.ts';

// A password reset link (issue #30): /reset-password#<token>, mailed by the "Forgot password?" page. As the
// invitation's page (routes/invite.tsx), the token is in the fragment, which the browser never sends with
// the page. The member chooses a new password (the rules of a change); every session of theirs ends, and
// they log in with it.

export function loader(args: Route.LoaderArgs) {
  return accountPageData(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return accountPageMeta(loaderData, { zh: '设置新密码', en: 'Choose a new password' }, '/reset-password');
}

type Reset = { state: 'open' | 'used' | 'expired'; username: string; name_zh: string; name_en: string; expires_at: string };
type View = { kind: 'checking' } | { kind: 'open'; reset: Reset } | { kind: 'used' | 'expired' | 'unknown' | 'error' } | { kind: 'done'; text: string };

const closedStates = { used: 'reset.used', expired: 'reset.expired', unknown: 'reset.unknown', error: 'invite.error' } as const;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
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
    fetch(`/api/password-reset/?token=${encodeURIComponent(found)}`, { headers: { 'Accept-Language': loaderData.lang } })
      .then(async (res) => {
        if (res.status === 404) return setView({ kind: 'unknown' });
        if (!res.ok) return setView({ kind: 'error' });
        const reset = (await res.json()) as Reset;
        setView(reset.state === 'open' ? { kind: 'open', reset } : { kind: reset.state });
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
        '/api/password-reset/',
        { token, password: String(form.get('password') ?? ''), password2: String(form.get('password2') ?? '') },
        lang,
      );
      const body = (await res.json()) as Record<string, unknown>;
      setBusy(false);
      if (res.ok) return setView({ kind: 'done', text: String(body.detail ?? '') });
      if (res.status === 404) return setView({ kind: 'unknown' });
      // used or expired in the meantime, or too many tries: the server's words, in the reader's language
      if (typeof body.detail === 'string') return setProblem(body.detail);
      setErrors(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : String(v)])));
    } catch {
      setBusy(false);
      setProblem(t('invite.error'));
    }
  }

  const reset = view.kind === 'open' ? view.reset : undefined;
  const until = reset
    ? new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(
        new Date(reset.expires_at),
      )
    : '';

  return (
    <AccountCard id="reset-title" title={t('reset.title')} labName={loaderData.labName} onSubmit={submit}>
      {view.kind === 'checking' && <p role="status">{t('reset.checking')}</p>}
      {view.kind in closedStates && (
        <>
          <div className="alert error" role="alert">
            {t(closedStates[view.kind as keyof typeof closedStates])}
          </div>
          <p>
            <Link to="/forgot-password">{t('reset.again')}</Link> · <Link to="/login">{t('invite.login')}</Link>
          </p>
        </>
      )}
      {view.kind === 'done' && (
        <>
          <div className="alert success" role="status">
            {view.text}
          </div>
          <p>
            <Link to="/login">{t('invite.login')}</Link>
          </p>
        </>
      )}
      {reset && (
        <>
          <p>{t('reset.greeting', { name: lang === 'zh' ? reset.name_zh : reset.name_en, username: reset.username })}</p>
          <p className="hint">{t('invite.validUntil', { time: until })}</p>
          {/* the username lets a password manager file the new password under the right account */}
          <input type="text" name="username" autoComplete="username" value={reset.username} readOnly hidden />
          <label className="field">
            <span>{t('invite.password')}</span>
            <input name="password" type="password" autoComplete="new-password" required aria-invalid={!!errors.password} aria-describedby="reset-rules" />
          </label>
          {errors.password && (
            <div className="alert error" role="alert">
              {errors.password}
            </div>
          )}
          <p id="reset-rules" className="hint">
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
            {busy ? t('invite.submitting') : t('reset.submit')}
          </button>
        </>
      )}
    </AccountCard>
  );
}
