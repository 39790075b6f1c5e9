import { useState } from 'react';
import { Link } from 'react-router';
import { AccountCard, accountPageData, accountPageMeta } from '../components/account-card.tsx';
import { NewPasswordFields, useFragmentToken, useNewPassword } from '../components/new-password.tsx';
import { useT } from '../i18n/index.tsx';
import type { Route } from './+types/reset-password.ts';

// A password reset link: /reset-password#<token>, mailed by the "Forgot password?" page. As the
// invitation's page (routes/invite.tsx), the token is in the fragment, which the browser never sends with
// the page. The member chooses a new password (the rules of a change); every session of theirs ends, and
// they log in with it.

export function loader(args: Route.LoaderArgs) {
  return accountPageData(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return accountPageMeta(loaderData, { zh: '设置新密码', en: 'Choose a new password' }, '/reset-password');
}

const closedStates = { used: 'reset.used', expired: 'reset.expired', unknown: 'reset.unknown', error: 'invite.error' } as const;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { token, view, setView } = useFragmentToken('/api/password-reset/', loaderData.lang);
  const [done, setDone] = useState<string | null>(null);
  const form = useNewPassword('/api/password-reset/', token, setView, ({ body }) => {
    setDone(String(body.detail ?? ''));
    return true;
  });
  const link = view.kind === 'open' && done === null ? view.link : undefined;

  return (
    <AccountCard id="reset-title" title={t('reset.title')} labName={loaderData.labName} onSubmit={form.submit}>
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
      {done !== null && (
        <>
          <div className="alert success" role="status">
            {done}
          </div>
          <p>
            <Link to="/login">{t('invite.login')}</Link>
          </p>
        </>
      )}
      {link && (
        <NewPasswordFields
          link={link}
          greeting={t('reset.greeting', { name: lang === 'zh' ? link.name_zh : link.name_en, username: link.username })}
          submitLabel={t('reset.submit')}
          {...form}
        />
      )}
    </AccountCard>
  );
}
