import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { detailText, isMessageKey } from '../../common/messages.ts';
import type { CampusLink, CampusLinks } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { ApiFailure, request } from './api.ts';
import { useConfirm } from './ui.tsx';

// One's own campus accounts on the profile (server/api/campus-links.ts): the links a campus login goes by, each
// with Unlink; a link made by a campus login of one's own (OIDC, CAS: the browser goes there and comes back
// here with `campus_link` or `campus_link_error`) or by the directory's username and password (LDAP). The
// server asks for this site's password unless the session is fresh; the field shows when it does, with the
// refusal of a missing or wrong one beside it.

const kindLabel: Record<CampusLink['kind'], string> = { oidc: 'OIDC', cas: 'CAS', ldap: 'LDAP' };

export function CampusLinksSection() {
  const { t, lang } = useT();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['campus-links'], queryFn: () => request<CampusLinks>('GET', '/api/campus-links/') });
  const [search, setSearch] = useSearchParams();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  // the server's refusal of this site's password (missing, wrong), said beside its field
  const [passwordProblem, setPasswordProblem] = useState('');
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (passwordProblem) passwordField.current?.focus();
  }, [passwordProblem]);
  const [directory, setDirectory] = useState({ username: '', campus_password: '' });
  const [busy, setBusy] = useState(false);

  // the way back from a link started here: its outcome, once, and the address cleaned
  const linked = search.get('campus_link');
  const failedKey = search.get('campus_link_error');
  useEffect(() => {
    if (!linked && !failedKey) return;
    if (linked) setNotice({ ok: true, text: t('campusLinks.linked') });
    else if (failedKey) setNotice({ ok: false, text: isMessageKey(failedKey) ? detailText(lang, failedKey) : t('console.failed') });
    setSearch(
      (cur) => {
        cur.delete('campus_link');
        cur.delete('campus_link_error');
        return cur;
      },
      { replace: true },
    );
    document.getElementById('campus-links')?.scrollIntoView({ block: 'start' });
  }, [linked, failedKey, lang, t, setSearch]);

  const passwordRefusals = [detailText(lang, 'external_link_needs_password'), detailText(lang, 'old_password_wrong')];

  async function act(fn: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    setPasswordProblem('');
    try {
      await fn();
    } catch (e) {
      const text = e instanceof ApiFailure ? (e.detail ?? e.lines().join('; ')) : t('console.failed');
      // the server asks for the password when the session is not fresh, or refuses a wrong one (400, in the
      // language the request asked for): the field shows with it; any other refusal (the directory's) asks for none
      if (e instanceof ApiFailure && e.status === 400 && passwordRefusals.includes(text)) {
        setAskPassword(true);
        setPasswordProblem(text);
      } else setNotice({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }
  const withPassword = () => (askPassword && password ? { password } : {});
  const start = (kind: 'oidc' | 'cas') =>
    act(async () => {
      const to = await request<{ url: string }>('POST', '/api/campus-links/start/', { json: { kind, ...withPassword() }, lang });
      window.location.assign(to.url);
    });
  const linkDirectory = () =>
    act(async () => {
      await request('POST', '/api/campus-links/ldap/', { json: { ...directory, ...withPassword() }, lang });
      setDirectory({ username: '', campus_password: '' });
      setPassword('');
      setNotice({ ok: true, text: t('campusLinks.linked') });
      await queryClient.invalidateQueries({ queryKey: ['campus-links'] });
    });
  const remove = async (link: CampusLink) => {
    if (!(await confirm(t('campusLinks.confirmUnlink', { kind: kindLabel[link.kind], subject: link.subject })))) return;
    await act(async () => {
      await request('DELETE', `/api/campus-links/?id=${link.id}`);
      setNotice({ ok: true, text: t('campusLinks.unlinked') });
      await queryClient.invalidateQueries({ queryKey: ['campus-links'] });
    });
  };

  const s = state.data;
  if (!s || (!s.available.oidc && !s.available.cas && !s.available.ldap && s.links.length === 0)) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      id="campus-links"
      aria-labelledby="campus-links-title"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, scrollMarginTop: 72 }}
    >
      <Typography id="campus-links-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('campusLinks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('campusLinks.hint')}
      </Typography>
      {notice && (
        <Alert severity={notice.ok ? 'success' : 'error'} sx={{ mb: 2 }} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      )}
      {s.links.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('campusLinks.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('campusLinks.title')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {s.links.map((l) => (
            <Box
              component="li"
              key={l.id}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '&:first-of-type': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                <Typography variant="body2" id={`campus-link-${l.id}`}>
                  <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                    {kindLabel[l.kind]}
                  </Box>
                  <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {l.subject}
                  </Box>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(l.explicit ? 'campusLinks.byYou' : 'campusLinks.atFirstLogin', { date: new Date(l.created_at * 1000).toLocaleDateString(lang) })}
                </Typography>
              </Box>
              <Button
                size="small"
                color="warning"
                disabled={busy}
                aria-describedby={`campus-link-${l.id}`}
                onClick={() => void remove(l)}
                sx={{ flexShrink: 0 }}
              >
                {t('campusLinks.unlink')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {askPassword && (
        <TextField
          size="small"
          type="password"
          label={t('twoFactor.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          inputRef={passwordField}
          error={passwordProblem !== ''}
          helperText={passwordProblem || undefined}
          sx={{ mb: 1.5, display: 'flex', maxWidth: 360 }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: s.available.ldap ? 1 : 0 }}>
        {(['oidc', 'cas'] as const)
          .filter((k) => s.available[k])
          .map((k) => (
            <Button key={k} variant="outlined" disabled={busy || (askPassword && !password)} onClick={() => void start(k)}>
              {t('campusLinks.link', { kind: kindLabel[k] })}
            </Button>
          ))}
      </Box>
      {s.available.ldap && (
        <Box
          component="form"
          aria-label={t('campusLinks.link', { kind: kindLabel.ldap })}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          onSubmit={(e) => {
            e.preventDefault();
            void linkDirectory();
          }}
        >
          <TextField
            size="small"
            label={t('campusLinks.directoryUsername')}
            value={directory.username}
            onChange={(e) => setDirectory((d) => ({ ...d, username: e.target.value }))}
            autoComplete="off"
          />
          <TextField
            size="small"
            type="password"
            label={t('campusLinks.directoryPassword')}
            value={directory.campus_password}
            onChange={(e) => setDirectory((d) => ({ ...d, campus_password: e.target.value }))}
            autoComplete="off"
          />
          <Button type="submit" variant="outlined" disabled={busy || !directory.username || !directory.campus_password || (askPassword && !password)}>
            {t('campusLinks.link', { kind: kindLabel.ldap })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
