import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { labTime } from '../../common/instant.ts';
import type { Me } from '../../common/wire.ts';
import { copyText } from '../advisor/copy.ts';
import { useT } from '../i18n/index.tsx';
import { request } from './api.ts';
import type { Row } from './columns.tsx';
import { useSession } from './session.ts';
import { TwoFactorReset } from './two-factor.tsx';
import { useAction, useConfirm, useNotify } from './ui.tsx';

// Invitations in the people screen: an account with no password that logs in is marked
// "needs an invitation"; a button makes a new link (after a confirmation when the account is in use, as
// its password stops working), and a new person made without a password gets one. A link is shown once,
// with a copy button: the server keeps only its hash.

/** The link on this console's own origin (the server's origin may be the address it listens on, behind a proxy). */
const onThisSite = (url: string) => {
  const u = new URL(url, window.location.origin);
  return `${window.location.origin}${u.pathname}${u.hash}`;
};

const nameOf = (row: Row, lang: string) => String((lang === 'zh' ? row.name_zh : row.name_en) || row.name_zh || row.username || '');

/** The dialog's "send by e-mail": the server mails this very link to the member's address. */
function MailButton({ url, pid, email }: { url: string; pid: unknown; email: string }) {
  const { t } = useT();
  const { busy, run } = useAction();
  const [sent, setSent] = useState(false);
  return (
    <Button
      variant={sent ? 'text' : 'outlined'}
      disabled={busy || sent}
      data-testid="invitation-mail"
      onClick={() =>
        void run(
          async () => {
            await request('POST', `/api/people/invitation/mail/?pid=${String(pid)}`, { json: { token: new URL(url).hash.slice(1) } });
            setSent(true);
          },
          () => t('consoleInvite.mailed', { email }),
        )
      }
    >
      {busy ? t('consoleInvite.mailing') : sent ? t('consoleInvite.mailed', { email }) : t('consoleInvite.mail', { email })}
    </Button>
  );
}

function LinkDialog({ url, expiresAt, name, onClose, row }: { url: string; expiresAt: string | null; name: string; onClose: () => void; row: Row }) {
  const { t } = useT();
  const notify = useNotify();
  // "send by e-mail" only where the server can send one
  const me = useQuery({ queryKey: ['me'], queryFn: () => request<Me>('GET', '/api/me/') });
  const [copied, setCopied] = useState(false);
  const email = typeof row.email === 'string' ? row.email : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-title">
      <DialogTitle id="invitation-title">{t('consoleInvite.title', { name })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: expiresAt ? 1 : 2 }}>{t('consoleInvite.once')}</Typography>
        {/* Beijing time, named, as every time the console shows */}
        {expiresAt && (
          <Typography sx={{ mb: 2 }} data-testid="invitation-expires">
            {t('consoleInvite.expires', { time: labTime(expiresAt) })}
          </Typography>
        )}
        <TextField
          label={t('consoleInvite.link')}
          value={url}
          fullWidth
          multiline
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'invitation-link' } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        {email && me.data?.mail && row.pid !== undefined && row.pid !== null && <MailButton url={url} pid={row.pid} email={email} />}
        <Button
          variant="contained"
          onClick={async () => {
            if (await copyText(url)) {
              setCopied(true);
              notify.ok(t('consoleInvite.copied'));
            } else notify.lines([t('consoleInvite.copyFailed')]);
          }}
        >
          {copied ? t('consoleInvite.copied') : t('consoleInvite.copy')}
        </Button>
        <Button onClick={onClose}>{t('console.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A person's row: "needs an invitation", and the button that makes a new link (never for oneself). */
export function PersonAccount({ row, reload }: { row: Row; reload: () => Promise<unknown> }) {
  const { t, lang } = useT();
  const session = useSession();
  const confirm = useConfirm();
  const { busy, run } = useAction();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const needs = row.account === 'needs_invitation';
  const name = nameOf(row, lang);
  if (row.username === session.username) return null;

  async function issue() {
    if (!needs && !(await confirm(t('consoleInvite.confirmReset', { name })))) return;
    await run(async () => {
      const answer = await request<{ invitation_url: string; expires_at: string }>('POST', `/api/people/invitation/?pid=${String(row.pid)}`);
      setLink({ url: onThisSite(answer.invitation_url), expiresAt: answer.expires_at });
      await reload();
    });
  }

  return (
    <>
      {needs && <Chip size="small" color="warning" variant="outlined" label={t('consoleInvite.needs')} sx={{ mx: 0.5 }} />}
      <Button size="small" color={needs ? 'warning' : 'secondary'} disabled={busy} onClick={() => void issue()}>
        {t('consoleInvite.button')}
      </Button>
      {!needs && <TwoFactorReset row={row} name={name} />}
      {link && <LinkDialog url={link.url} expiresAt={link.expiresAt} name={name} row={row} onClose={() => setLink(null)} />}
    </>
  );
}

/** After a person is created without a password: their invitation link, once. */
export function PersonCreated({ header, record, onClose }: { header: (name: string) => string | null; record: Row; onClose: () => void }) {
  const { lang } = useT();
  const url = header('X-Invitation-Url');
  if (!url) return null;
  // the form's values, with the id the create answered (for "send by e-mail")
  const pid = header('X-Resource-Id');
  return (
    <LinkDialog
      url={onThisSite(url)}
      expiresAt={header('X-Invitation-Expires-At')}
      name={nameOf(record, lang)}
      row={{ ...record, ...(pid ? { pid: Number(pid) } : {}) }}
      onClose={onClose}
    />
  );
}
