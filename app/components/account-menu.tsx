import LoginIcon from '@mui/icons-material/Login';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';
import { logout, readSession, type StoredSession } from '../lib/session.ts';

/** The login icon when logged out; the avatar menu (Console, Log out) when logged in. */
export function AccountMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [session, setSession] = useState<StoredSession | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <IconButton color={color} component={Link} to={paths.login(location.pathname === '/' ? undefined : location.pathname)} aria-label={t('auth.login')}>
        <LoginIcon />
      </IconButton>
    );
  }
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('auth.account')} aria-haspopup="menu" size="small">
        <Avatar src={session.portrait || undefined} alt={session.name} sx={{ width: 32, height: 32 }}>
          {session.name.slice(0, 1)}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem component="a" href={paths.console()} onClick={() => setAnchor(null)}>
          {t('auth.console')}
        </MenuItem>
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await logout();
          }}
        >
          {t('auth.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
