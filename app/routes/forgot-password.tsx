import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { detailText } from '../../common/messages.ts';
import { AccountCard, accountPageData, accountPageMeta, postJson } from '../components/account-card.tsx';
import { useT } from '../i18n/index.tsx';
import type { Route } from './+types/forgot-password.ts';

// "Forgot password?": the member gives a username or an e-mail address and the server mails a
// reset link to the account's address. The answer is the same whether or not an account matches. A server
// that sends no mail offers no form: the page says to ask the lab administrator (the set-up is theirs, not a
// visitor's business). The server's words are shown as they come, in the page's language.

export function loader(args: Route.LoaderArgs) {
  return accountPageData(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return accountPageMeta(loaderData, { zh: '忘记密码', en: 'Forgot password' }, '/forgot-password');
}

type Outcome = { ok: boolean; text: string } | null;

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const login = String(new FormData(e.currentTarget).get('login') ?? '').trim();
    if (!login) return setOutcome({ ok: false, text: t('forgot.required') });
    setBusy(true);
    setOutcome(null);
    try {
      const res = await postJson('/api/password-reset/request/', { login }, lang);
      const body = (await res.json()) as Record<string, unknown>;
      const text = typeof body.detail === 'string' ? body.detail : Object.values(body).flat().map(String).join('; ');
      setOutcome({ ok: res.ok, text: text || t('forgot.error') });
    } catch {
      setOutcome({ ok: false, text: t('forgot.error') });
    } finally {
      setBusy(false);
    }
  }

  if (!loaderData.mail)
    return (
      <AccountCard id="forgot-title" title={t('forgot.title')} labName={loaderData.labName}>
        <p>{detailText(lang, 'reset_mail_off')}</p>
        <p>
          <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </AccountCard>
    );

  return (
    <AccountCard id="forgot-title" title={t('forgot.title')} labName={loaderData.labName} onSubmit={submit}>
      <p>{t('forgot.intro')}</p>
      <label className="field">
        <span>{t('forgot.login')}</span>
        <input name="login" type="text" autoComplete="username" required maxLength={200} />
      </label>
      {outcome && (
        <div className={`alert ${outcome.ok ? 'success' : 'error'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </div>
      )}
      <button type="submit" className="button full" disabled={busy} style={{ marginTop: 8 }}>
        {busy ? t('forgot.submitting') : t('forgot.submit')}
      </button>
      <p className="hint">{t('login.forgotHint')}</p>
      <p>
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </AccountCard>
  );
}
