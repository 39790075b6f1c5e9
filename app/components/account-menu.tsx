import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n/index.tsx';
import { paths } from '../../common/paths.ts';
import { logout, readSession, type StoredSession } from '../lib/session.ts';
import { Dropdown } from './dropdown.tsx';
import { LoginIcon } from './icons.tsx';
import { at } from '../lib/base.ts';

/** The login icon when logged out; the avatar menu (Console, Log out) when logged in. */
export function AccountMenu() {
  const { t } = useT();
  const location = useLocation();
  const [session, setSession] = useState<StoredSession | null>(null);
  useEffect(() => {
    const sync = () => setSession(readSession());
    sync();
    window.addEventListener('lab-session', sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener('lab-session', sync);
      window.removeEventListener('storage', sync);
    };
  }, []);

  if (!session) {
    return (
      <Link
        className="icon-button"
        to={paths.login(location.pathname === '/' ? undefined : location.pathname)}
        aria-label={t('auth.login')}
        title={t('auth.login')}
      >
        <LoginIcon />
      </Link>
    );
  }
  return (
    <Dropdown
      label={t('auth.account')}
      button={<img className="avatar" src={at(session.portrait || '/static/default-portrait.png')} alt="" width={32} height={32} />}
      entries={[
        { key: 'console', label: t('auth.console'), onSelect: () => window.location.assign(at(paths.console())) },
        { key: 'logout', label: t('auth.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
