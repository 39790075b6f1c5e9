import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { labTime } from '../../common/instant.ts';
import type { TwoFactorEnrolled, TwoFactorState } from '../../common/wire.ts';
import { copyText } from '../advisor/copy.ts';
import { useT } from '../i18n/index.tsx';
import { useRootData } from '../root.tsx';
import { ApiFailure, request } from './api.ts';
import type { Row } from './columns.tsx';
import { useSession } from './session.ts';
import { useAction, useConfirm, useNotify } from './ui.tsx';

// Two-factor login on one's own profile: set up with the QR code the server draws (no
// outside service) or the key typed by hand, confirmed with a code; the 10 recovery codes shown once; turned
// off with the password. An administrator the site requires it of sees only this until it is on.

type Setup = { secret: string; uri: string; qr_svg: string };

const failure = (e: unknown, fallback: string) => (e instanceof ApiFailure ? (e.detail ?? e.lines().join('; ')) : fallback);

export function TwoFactorSection({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['two-factor'], queryFn: () => request<TwoFactorState>('GET', '/api/two-factor/') });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(fn: () => Promise<void>) {
    setBusy(true);
    setProblem('');
    try {
      await fn();
    } catch (e) {
      setProblem(failure(e, t('console.failed')));
    } finally {
      setBusy(false);
    }
  }
  // right after a login no password is asked; later the server asks for it (400), and the field shows
  const [askPassword, setAskPassword] = useState(false);
  const begin = () =>
    act(async () => {
      try {
        setSetup(await request<Setup>('POST', '/api/two-factor/setup/', { json: askPassword ? { password } : {} }));
        setPassword('');
        setAskPassword(false);
      } catch (e) {
        if (e instanceof ApiFailure && e.status === 400) setAskPassword(true);
        throw e;
      }
    });
  const confirm = () =>
    act(async () => {
      const answer = await request<{ recovery_codes: string[] }>('POST', '/api/two-factor/enable/', { json: { code } });
      setCodes(answer.recovery_codes);
      setSetup(null);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['two-factor'] });
      onEnabled?.();
    });
  const disable = () =>
    act(async () => {
      await request('POST', '/api/two-factor/disable/', { json: { password } });
      setPassword('');
      setCodes(null);
      await queryClient.invalidateQueries({ queryKey: ['two-factor'] });
    });

  const s = state.data;
  return (
    <Paper variant="outlined" component="section" id="two-factor" aria-labelledby="two-factor-title" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, scrollMarginTop: 72 }}>
      <Typography id="two-factor-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('twoFactor.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('twoFactor.hint')}
      </Typography>
      {s?.required && !s.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('twoFactor.required')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      {codes && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('twoFactor.recoveryShown')}
          </Typography>
          <Box component="ul" aria-label={t('twoFactor.recoveryCodes')} sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2 }}>
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          <RecoveryCodesTools codes={codes} />
        </Alert>
      )}
      {s && !s.enabled && !setup && (
        <PasswordForm
          asked={askPassword}
          password={password}
          onPassword={setPassword}
          onSubmit={begin}
          disabled={busy || (askPassword && !password)}
          button={{ label: t('twoFactor.begin'), variant: 'contained' }}
        />
      )}
      {s && !s.enabled && setup && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt={t('twoFactor.qr')}
            sx={{ width: 200, height: 200, bgcolor: '#fff' }}
          />
          <Box sx={{ flex: '1 1 260px' }}>
            <Typography variant="body2">{t('twoFactor.scan')}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('twoFactor.manual')}{' '}
              <Box component="code" data-testid="two-factor-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {setup.secret}
              </Box>
            </Typography>
            <Box
              component="form"
              sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }}
              onSubmit={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              <TextField
                size="small"
                label={t('twoFactor.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
              />
              <Button type="submit" variant="contained" disabled={busy || code.trim().length !== 6}>
                {t('twoFactor.confirm')}
              </Button>
            </Box>
          </Box>
        </Box>
      )}
      {s?.enabled && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('twoFactor.on', { count: s.recovery_left })}
          </Typography>
          <PasswordForm
            asked
            password={password}
            onPassword={setPassword}
            onSubmit={disable}
            disabled={busy || !password}
            button={{ label: t('twoFactor.disable'), variant: 'outlined', color: 'warning' }}
          />
        </>
      )}
    </Paper>
  );
}

const ENROLLED = ['two-factor-enrolled'];

/**
 * A person's row (administrators): marked when their two-factor login is on, with the button that resets it
 * after a confirmation (a lost phone); an account without one has nothing to reset.
 */
/** A file name's part: what no file system takes (and spaces) as one dash each. */
const fileSafe = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** The recovery codes, shown once, copied all at once or kept as a text file named after the site and the account. */
function RecoveryCodesTools({ codes }: { codes: string[] }) {
  const { t, lang } = useT();
  const notify = useNotify();
  const { username } = useSession();
  const root = useRootData();
  const site = (lang === 'zh' ? root?.site.lab_name_zh || root?.site.lab_name_en : root?.site.lab_name_en || root?.site.lab_name_zh) || window.location.host;
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (await copyText(codes.join('\n'))) {
      setCopied(true);
      notify.ok(t('twoFactor.codesCopied'));
    } else notify.lines([t('twoFactor.copyFailed')]);
  }
  function download() {
    const text = `${t('twoFactor.codesFileHead', { site, user: username, time: labTime(new Date().toISOString()) })}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${fileSafe(t('twoFactor.codesFile', { site, user: username }))}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Button size="small" variant="outlined" color="inherit" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {copied ? t('twoFactor.codesCopied') : t('twoFactor.copyCodes')}
      </Button>
      <Button size="small" variant="outlined" color="inherit" startIcon={<DownloadIcon />} onClick={download}>
        {t('twoFactor.downloadCodes')}
      </Button>
    </Box>
  );
}

export function TwoFactorReset({ row, name }: { row: Row; name: string }) {
  const { t } = useT();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { busy, run } = useAction();
  // one read for the whole list: every row asks the same query
  const enrolled = useQuery({ queryKey: ENROLLED, queryFn: () => request<TwoFactorEnrolled>('GET', '/api/people/two-factor/') });
  if (!enrolled.data?.enrolled.includes(Number(row.pid))) return null;
  async function reset() {
    if (!(await confirm(t('twoFactor.confirmReset', { name })))) return;
    await run(
      () => request('POST', `/api/people/two-factor-reset/?pid=${String(row.pid)}`),
      () => t('twoFactor.wasReset', { name }),
    );
    await queryClient.invalidateQueries({ queryKey: ENROLLED });
  }
  return (
    <>
      <Chip size="small" color="success" variant="outlined" label={t('twoFactor.enrolled')} sx={{ mx: 0.5 }} />
      <Button size="small" color="secondary" disabled={busy} onClick={() => void reset()}>
        {t('twoFactor.reset')}
      </Button>
    </>
  );
}

/** One's own password (when `asked`) and the button that sends it: turning two-factor on when the server asks for it, and off. */
function PasswordForm(props: {
  asked: boolean;
  password: string;
  onPassword: (v: string) => void;
  onSubmit: () => unknown;
  disabled: boolean;
  button: { label: string; variant: 'contained' | 'outlined'; color?: 'warning' };
}) {
  const { t } = useT();
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSubmit();
      }}
    >
      {props.asked && (
        <TextField
          size="small"
          type="password"
          label={t('twoFactor.password')}
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          autoComplete="current-password"
        />
      )}
      <Button type="submit" variant={props.button.variant} color={props.button.color ?? 'primary'} disabled={props.disabled}>
        {props.button.label}
      </Button>
    </Box>
  );
}
