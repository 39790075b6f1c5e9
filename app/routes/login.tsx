import HomeIcon from '@mui/icons-material/Home';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { pageDataContext } from '#page-context';
import { pick } from '../../common/lang.ts';
import { LanguageMenu } from '../components/language-menu.tsx';
import { safeRedirect } from '../lib/paths.ts';
import { seo } from '../lib/seo.ts';
import { storeSession } from '../lib/session.ts';
import type { Route } from './+types/login.ts';

// SPEC §2/§8 login: Enter submits; success stores the session and goes to ?redirect= (a path on this
// site only) after 0.5 s; "fail" means a wrong password, anything else an unknown user.

export const REDIRECT_DELAY_MS = 500;

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  const site = await data.site();
  return { lang: data.lang, origin: data.origin, labName: pick(site.lab_name_zh, site.lab_name_en, data.lang) };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [...seo({ title: `${data.lang === 'zh' ? '登录' : 'Log in'} · ${data.labName}`, description: data.labName, origin: data.origin, path: '/login', lang: data.lang }), { name: 'robots', content: 'noindex' }];
}

type Outcome = { severity: 'success' | 'error'; text: string } | null;

async function csrfToken(): Promise<string> {
  const res = await fetch('/api/csrf/', { credentials: 'same-origin' });
  const body = (await res.json()) as { csrftoken: string };
  return body.csrftoken;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setOutcome({ severity: 'error', text: t('login.required') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const token = await csrfToken();
      const res = await fetch('/api/login/', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token, 'Accept-Language': loaderData.lang },
        body: JSON.stringify({ username: username.trim(), password }),
      });
      const body = (await res.json()) as { loginStatus?: string; token?: string; loginTime?: number; userInfo?: Parameters<typeof storeSession>[0]['userInfo']; detail?: string };
      if (body.loginStatus === 'success' && body.token && body.loginTime && body.userInfo) {
        storeSession({ token: body.token, loginTime: body.loginTime, userInfo: body.userInfo });
        setOutcome({ severity: 'success', text: t('login.success') });
        const target = safeRedirect(search.get('redirect'));
        window.setTimeout(() => {
          // the console is its own part of the site: a full load keeps the public bundle small
          if (target.startsWith('/console') || !target.startsWith('/')) window.location.assign(target);
          else navigate(target);
        }, REDIRECT_DELAY_MS);
        return;
      }
      setBusy(false);
      if (body.loginStatus === 'fail') setOutcome({ severity: 'error', text: t('login.fail') });
      else if (res.status === 429 || res.status === 403 || res.status >= 500) setOutcome({ severity: 'error', text: body.detail ?? t('login.error') });
      else setOutcome({ severity: 'error', text: t('login.notexist') });
    } catch {
      setBusy(false);
      setOutcome({ severity: 'error', text: t('login.error') });
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'linear-gradient(135deg, #0f2a4d 0%, #1e4f91 60%, #2f7d6d 100%)', p: 2 }}>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 400 }} elevation={6} aria-labelledby="login-title">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <IconButton component={RouterLink} to="/" aria-label={t('login.home')} color="primary">
            <HomeIcon />
          </IconButton>
          <LanguageMenu color="primary" />
        </Box>
        <Typography id="login-title" variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
          {t('login.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {loaderData.labName}
        </Typography>
        <TextField label={t('login.username')} name="username" autoComplete="username" fullWidth margin="normal" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus required />
        <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" fullWidth margin="normal" value={password} onChange={(e) => setPassword(e.target.value)} required />
        {outcome && (
          <Alert severity={outcome.severity} sx={{ mt: 1 }} role={outcome.severity === 'error' ? 'alert' : 'status'}>
            {outcome.text}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={busy || !hydrated}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <Link component="button" type="button" variant="body2" sx={{ mt: 2 }} onClick={() => setHint((h) => !h)} aria-expanded={hint}>
          {t('login.forgot')}
        </Link>
        <Collapse in={hint}>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('login.forgotHint')}
          </Typography>
        </Collapse>
      </Paper>
    </Box>
  );
}
