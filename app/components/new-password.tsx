import { type FormEvent, useEffect, useState } from 'react';
import type { Lang } from '../../common/enums.ts';
import { useT } from '../i18n/index.tsx';
import { postJson } from './account-card.tsx';
import { at } from '../lib/base.ts';

// What the pages of a link with a token in its fragment share (an invitation, routes/invite.tsx; a password
// reset, routes/reset-password.tsx): the token read from the fragment, which the browser never sends with the
// page, the API's word on it, and the form that chooses a new password with it.

/** What the API says of a link's token. */
export type TokenLink = { state: 'open' | 'used' | 'expired'; username: string; name_zh: string; name_en: string; expires_at: string };
export type TokenView = { kind: 'checking' } | { kind: 'open'; link: TokenLink } | { kind: 'used' | 'expired' | 'unknown' | 'error' };

/** The fragment's token and what `api` (GET ?token=) answers of it. */
export function useFragmentToken(api: string, lang: Lang): { token: string; view: TokenView; setView: (v: TokenView) => void } {
  const [token, setToken] = useState('');
  const [view, setView] = useState<TokenView>({ kind: 'checking' });
  useEffect(() => {
    const found = window.location.hash.slice(1);
    setToken(found);
    if (!found) {
      setView({ kind: 'unknown' });
      return;
    }
    // the token in a header: a query would be written into the server's and every proxy's access log
    fetch(at(api), { headers: { 'Accept-Language': lang, 'X-Link-Token': found } })
      .then(async (res) => {
        if (res.status === 404) return setView({ kind: 'unknown' });
        if (!res.ok) return setView({ kind: 'error' });
        const link = (await res.json()) as TokenLink;
        setView(link.state === 'open' ? { kind: 'open', link } : { kind: link.state });
      })
      .catch(() => setView({ kind: 'error' }));
  }, [api, lang]);
  return { token, view, setView };
}

type Answer = { res: Response; body: Record<string, unknown> };

/**
 * The new-password form's state and its submission to `api` (POST {token, password, password2}): `onAnswer`
 * takes a 2xx answer; a 404 makes the link unknown, a `detail` is shown as the server wrote it, field errors
 * beside their fields.
 */
export function useNewPassword(api: string, token: string, setView: (v: TokenView) => void, onAnswer: (a: Answer) => boolean) {
  const { t, lang } = useT();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setErrors({});
    setProblem('');
    try {
      const res = await postJson(api, { token, password: String(form.get('password') ?? ''), password2: String(form.get('password2') ?? '') }, lang);
      const body = (await res.json()) as Record<string, unknown>;
      // the page's own success (it may stay busy while it moves on)
      if (res.ok && onAnswer({ res, body })) return;
      setBusy(false);
      if (res.status === 404) return setView({ kind: 'unknown' });
      // used or expired in the meantime, or too many tries: the server's words, in the reader's language
      if (typeof body.detail === 'string') return setProblem(body.detail);
      setErrors(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : String(v)])));
    } catch {
      setBusy(false);
      setProblem(t('invite.error'));
    }
  }
  return { busy, errors, problem, submit };
}

/** The link's greeting, its end, and the two new-password fields with their errors and the form's problem. */
export function NewPasswordFields({
  link,
  greeting,
  errors,
  problem,
  busy,
  submitLabel,
}: {
  link: TokenLink;
  greeting: string;
  errors: Record<string, string>;
  problem: string;
  busy: boolean;
  submitLabel: string;
}) {
  const { t, lang } = useT();
  const until = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(
    new Date(link.expires_at),
  );
  const alert = (text: string | undefined) =>
    text ? (
      <div className="alert error" role="alert">
        {text}
      </div>
    ) : null;
  return (
    <>
      <p>{greeting}</p>
      <p className="hint">{t('invite.validUntil', { time: until })}</p>
      {/* the username lets a password manager file the new password under the right account */}
      <input type="text" name="username" autoComplete="username" value={link.username} readOnly hidden />
      <label className="field">
        <span>{t('invite.password')}</span>
        <input name="password" type="password" autoComplete="new-password" required aria-invalid={!!errors.password} aria-describedby="new-password-rules" />
      </label>
      {alert(errors.password)}
      <p id="new-password-rules" className="hint">
        {t('invite.rules')}
      </p>
      <label className="field">
        <span>{t('invite.password2')}</span>
        <input name="password2" type="password" autoComplete="new-password" required aria-invalid={!!errors.password2} />
      </label>
      {alert(errors.password2)}
      {alert(problem)}
      <button type="submit" className="button full" disabled={busy} style={{ marginTop: 8 }}>
        {busy ? t('invite.submitting') : submitLabel}
      </button>
    </>
  );
}
