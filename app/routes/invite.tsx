import { useState } from 'react';
import { Link } from 'react-router';
import { AccountCard, accountPageData, accountPageMeta } from '../components/account-card.tsx';
import { NewPasswordFields, useFragmentToken, useNewPassword } from '../components/new-password.tsx';
import { useT } from '../i18n/index.tsx';
import { storeSession } from '../lib/session.ts';
import type { Route } from './+types/invite.ts';
import { at } from '../lib/base.ts';

// An invitation: /invite#<token>. The token is in the fragment, which the browser never sends
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

type Login = { loginStatus?: string; loginTime?: number; userInfo?: Parameters<typeof storeSession>[0]['userInfo'] };

const closedStates = { used: 'invite.used', expired: 'invite.expired', unknown: 'invite.unknown', error: 'invite.error' } as const;

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { token, view, setView } = useFragmentToken('/api/invitation/', loaderData.lang);
  const [done, setDone] = useState(false);
  const form = useNewPassword('/api/invitation/', token, setView, ({ body }) => {
    const { loginStatus, loginTime, userInfo } = body as Login;
    if (loginStatus !== 'success' || !loginTime || !userInfo) return false;
    storeSession({ loginTime, userInfo });
    setDone(true);
    window.setTimeout(() => window.location.assign(at('/console')), REDIRECT_DELAY_MS);
    return true;
  });
  const link = view.kind === 'open' && !done ? view.link : undefined;

  return (
    <AccountCard id="invite-title" title={t('invite.title')} labName={loaderData.labName} onSubmit={form.submit}>
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
      {done && (
        <div className="alert success" role="status">
          {t('invite.success')}
        </div>
      )}
      {link && (
        <NewPasswordFields
          link={link}
          greeting={t('invite.greeting', { name: lang === 'zh' ? link.name_zh : link.name_en, username: link.username })}
          submitLabel={t('invite.submit')}
          {...form}
        />
      )}
    </AccountCard>
  );
}
