import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { info } from '../../../../common/resources/info.ts';
import { useT } from '../../../i18n/index.tsx';

/** Asks for the new tab's aspect; `onAdd` resolves the problems to show (none: the dialog closes). */
export function AddDialog({
  open,
  busy,
  onClose,
  onAdd,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onAdd: (aspect: string) => Promise<Record<string, string>>;
}) {
  const { t } = useT();
  const [aspect, setAspect] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    onClose();
    setAspect('');
    setError(undefined);
  };
  async function submit() {
    const problems = await onAdd(aspect);
    if (Object.keys(problems).length === 0) close();
    else setError(Object.values(problems).join('; '));
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="info-add-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="info-add-title">{t('consoleInfo.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={`${t('consoleInfo.aspect')} *`}
            value={aspect}
            onChange={(e) => {
              setAspect(e.target.value);
              setError(undefined);
            }}
            error={!!error}
            helperText={error ?? t('consoleInfo.aspectHint')}
            slotProps={{ htmlInput: { maxLength: info.fields.aspect.max } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('console.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('console.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
