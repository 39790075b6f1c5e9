import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { detailText, isMessageKey } from '../../common/messages.ts';
import { AccountCard, accountPageData, accountPageMeta, postJson } from '../components/account-card.tsx';
import { useT } from '../i18n/index.tsx';
import { safeRedirect } from '../lib/paths.ts';
import { PASSWORD_FORM, storeSession, TWO_FACTOR_FORM } from '../lib/session.ts';
import type { Route } from './+types/login.ts';
import { at } from '../lib/base.ts';

// SPEC §2/§8 login: Enter submits; success stores the session and goes to ?redirect= (a path on this
// site only) after 0.5 s; "fail" means a wrong password, anything else an unknown user.

export const REDIRECT_DELAY_MS = 500;

export function loader(args: Route.LoaderArgs) {
  return accountPageData(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return accountPageMeta(loaderData, { zh: '登录', en: 'Log in' }, '/login');
}

type Outcome = { kind: 'success' | 'error'; text: string } | null;

type LoginAnswer = {
  loginStatus?: string;
  token?: string;
  loginTime?: number;
  userInfo?: Parameters<typeof storeSession>[0]['userInfo'];
  detail?: string;
  needs_invitation?: boolean;
  /** loginStatus code_required: the second step's challenge */
  challenge?: string;
};

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // a member with two-factor login: after the password, the code
  const [challenge, setChallenge] = useState<string | null>(null);

  async function post(url: string, payload: unknown) {
    const res = await postJson(url, payload, loaderData.lang);
    return { res, body: (await res.json()) as LoginAnswer };
  }

  /** A successful login's answer: the stored session, then where it goes. */
  function succeeded(body: LoginAnswer & { userInfo: NonNullable<LoginAnswer['userInfo']>; loginTime: number }) {
    storeSession({ loginTime: body.loginTime, userInfo: body.userInfo });
    setOutcome({ kind: 'success', text: t('login.success') });
    // a member still on an initial password goes to the form that changes it, before anything else; an
    // administrator the site requires two-factor login of, to its enrolment
    const target = body.userInfo.must_change_password
      ? PASSWORD_FORM
      : body.userInfo.two_factor_missing
        ? TWO_FACTOR_FORM
        : safeRedirect(search.get('redirect'));
    window.setTimeout(() => {
      // the console is its own part of the site: a full load keeps the public bundle small
      if (target.startsWith('/console')) window.location.assign(at(target));
      else navigate(target);
    }, REDIRECT_DELAY_MS);
  }

  // a campus login comes back with a handoff in the fragment, or with the key of a refusal
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the address the page was opened at
  useEffect(() => {
    const refused = search.get('external_error');
    if (refused && isMessageKey(refused) && (refused.startsWith('external_') || refused === 'local_login_off' || refused === 'rate_limited')) {
      setOutcome({ kind: 'error', text: detailText(loaderData.lang, refused) });
    }
    const handoff = /^#handoff=([A-Za-z0-9_-]{20,100})$/.exec(window.location.hash)?.[1];
    if (!handoff) return;
    // used once: not kept in the address, the history or a bookmark
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setBusy(true);
    setOutcome({ kind: 'success', text: t('login.finishing') });
    post('/api/login/external/', { handoff })
      .then(({ body }) => {
        if (body.loginStatus === 'code_required' && body.challenge) {
          setBusy(false);
          setOutcome(null);
          setChallenge(body.challenge);
        } else if (body.loginStatus === 'success' && body.token && body.loginTime && body.userInfo) {
          succeeded({ ...body, loginTime: body.loginTime, userInfo: body.userInfo });
        } else {
          setBusy(false);
          setOutcome({ kind: 'error', text: body.detail ?? t('login.error') });
        }
      })
      .catch(() => {
        setBusy(false);
        setOutcome({ kind: 'error', text: t('login.error') });
      });
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '').trim();
    if (challenge ? !code : !username || !password) {
      setOutcome({ kind: 'error', text: t(challenge ? 'login.codeRequired' : 'login.required') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { res, body } = challenge
        ? await post('/api/login/code/', { challenge, code, trust_device: form.get('trust_device') === 'on' })
        : await post('/api/login/', { username, password });
      if (body.loginStatus === 'code_required' && body.challenge) {
        setBusy(false);
        setChallenge(body.challenge);
        return;
      }
      if (body.loginStatus === 'success' && body.token && body.loginTime && body.userInfo) {
        succeeded({ ...body, loginTime: body.loginTime, userInfo: body.userInfo });
        return;
      }
      setBusy(false);
      if (challenge) {
        // a wrong code (try another), or a challenge timed out: start again from the password
        if (body.detail === detailText(loaderData.lang, 'two_factor_challenge')) setChallenge(null);
        setOutcome({ kind: 'error', text: body.detail ?? t('login.error') });
        return;
      }
      // an account that waits for its invitation has no password that logs in
      if (body.loginStatus === 'fail' && body.needs_invitation) setOutcome({ kind: 'error', text: t('login.needsInvitation') });
      else if (body.loginStatus === 'fail') setOutcome({ kind: 'error', text: t('login.fail') });
      // the server's own words where it has them: too many tries, passwords kept for the campus login, the
      // campus directory out of reach or knowing no such member
      else if (res.status === 429 || res.status === 403 || res.status >= 500 || (res.status === 400 && body.detail))
        setOutcome({ kind: 'error', text: body.detail ?? t('login.error') });
      else setOutcome({ kind: 'error', text: t('login.notexist') });
    } catch {
      setBusy(false);
      setOutcome({ kind: 'error', text: t('login.error') });
    }
  }

  const campus = loaderData.campus;
  // where to go after the campus login: the page's ?redirect= (a path here), else the server's default (the
  // console). Added once the page runs in the browser: the server's HTML of /login is one for every ?redirect=
  // (the page cache keys it by its path, server/pages/page-params.ts), and hydration keeps that HTML's href.
  const asked = hydrated ? search.get('redirect') : null;
  const back = asked ? `?redirect=${encodeURIComponent(safeRedirect(asked))}` : '';
  const campusLinks = [
    ...(campus.oidc ? [{ kind: 'OIDC', href: at(`/api/login/oidc/${back}`) }] : []),
    ...(campus.cas ? [{ kind: 'CAS', href: at(`/api/login/cas/${back}`) }] : []),
  ];

  return (
    <AccountCard id="login-title" title={t('login.title')} labName={loaderData.labName} onSubmit={submit}>
      {!challenge && campusLinks.length > 0 && (
        <div className="campus-login" style={{ margin: '16px 0 8px' }}>
          {campusLinks.map((l) => (
            // a full load: the browser goes to the campus server and comes back
            <a key={l.kind} className="button full" href={l.href} style={{ marginBottom: 8 }} data-kind={l.kind.toLowerCase()}>
              {campusLinks.length > 1 ? t('login.campusKind', { name: campus.name, kind: l.kind }) : t('login.campus', { name: campus.name })}
            </a>
          ))}
          <p className="muted small" style={{ textAlign: 'center', margin: '8px 0 0' }}>
            {t('login.or')}
          </p>
        </div>
      )}
      {!challenge && campus.ldap && <p className="hint">{t('login.ldapHint', { name: campus.name })}</p>}
      {challenge ? (
        <>
          <p className="hint">{t('login.codeHint')}</p>
          <label className="field">
            <span>{t('login.code')}</span>
            {/* biome-ignore lint/a11y/noAutofocus: the one field of this step, right after the password */}
            <input name="code" autoComplete="one-time-code" autoFocus required maxLength={64} />
          </label>
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '8px 0' }}>
            <input type="checkbox" name="trust_device" /> <span>{t('login.trustDevice')}</span>
          </label>
        </>
      ) : (
        <>
          <label className="field">
            <span>{t('login.username')}</span>
            <input name="username" autoComplete="username" required />
          </label>
          <label className="field">
            <span>{t('login.password')}</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
        </>
      )}
      {outcome && (
        <div className={`alert ${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </div>
      )}
      <button type="submit" className="button full" disabled={busy || !hydrated} style={{ marginTop: 8 }}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      <p>
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </p>
    </AccountCard>
  );
}
