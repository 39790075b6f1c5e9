import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PinganBase } from '../../../../common/advisor.ts';
import { useAction } from '../../../console/ui.tsx';
import { FileButton } from '../../../console/uploads.tsx';
import { useT } from '../../../i18n/index.tsx';
import type { PinganCalls } from './calls.ts';
import { Section } from './section.tsx';

const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where the figures come from: the upstream's cookie and its status, or an imported export file. */
export function SourceCard({ info, calls, onChange }: { info: PinganBase; calls: PinganCalls; onChange: () => Promise<unknown> }) {
  const { t } = useT();
  const { busy, run } = useAction();
  // what the advisor typed; null shows the stored cookie
  const [draft, setDraft] = useState<string | null>(null);
  const cookie = draft ?? info.cookie;

  const saveCookie = () =>
    run(
      async () => {
        await calls.saveCookie(cookie);
        await onChange();
        setDraft(null);
      },
      () => t('console.saved'),
    );

  const importFile = (file: File) =>
    run(
      async () => {
        const r = await calls.importFile(file);
        await onChange();
        return r;
      },
      (r) => t('advisor.imported', { rows: r.rows, dates: r.dates.join(', ') }),
    );

  return (
    <Section
      title={t('advisor.source')}
      actions={
        <Chip
          data-testid="cookie-status"
          color={!info.upstream ? 'default' : info.refresh_cookie ? 'warning' : 'success'}
          label={`Cookie: ${t(!info.upstream ? 'advisor.unused' : info.refresh_cookie ? 'advisor.needsUpdate' : 'advisor.usable')}`}
        />
      }
    >
      {!info.upstream && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('advisor.noUpstream')}
        </Alert>
      )}
      <TextField
        label={t('advisor.cookie')}
        helperText={t('advisor.cookieHelp')}
        value={cookie}
        onChange={(e) => setDraft(e.target.value)}
        fullWidth
        multiline
        minRows={2}
        maxRows={6}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={busy || cookie === info.cookie} onClick={() => void saveCookie()}>
          {t('advisor.saveCookie')}
        </Button>
        <FileButton label={t('advisor.importFile')} accept={IMPORT_ACCEPT} disabled={busy} onFile={(f) => void importFile(f)} />
        {info.imported_dates.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('advisor.importedDates')}
            {t('colon')}
            {info.imported_dates.slice(0, 7).join(', ')}
            {info.imported_dates.length > 7 ? ' …' : ''}
          </Typography>
        )}
      </Box>
    </Section>
  );
}
