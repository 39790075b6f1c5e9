import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { createContext, type InputHTMLAttributes, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ApiFailure } from './api.ts';

// Messages (green on success, red "field: message" lines on failure, SPEC §8) and the confirmation
// dialog, shared by every console screen.

/** `label`: how a refusal's lines name each field (its declared label in the reader's language: common/resource.ts fieldLabel), its own name unless given. */
export function useNotify(label?: (field: string) => string) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { t } = useT();
  // a failure stays until it is dismissed: its lines say what to change, and a member reads them while changing it
  const lines = (lines: string[]) =>
    enqueueSnackbar(<span style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</span>, {
      variant: 'error',
      persist: true,
      action: (key) => (
        <IconButton size="small" color="inherit" aria-label={t('console.close')} onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      ),
    });
  return {
    ok: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
    fail: (error: unknown) => lines(error instanceof ApiFailure ? error.lines(label) : [t('console.failed')]),
    lines,
  };
}

/**
 * A write the screen runs: `busy` while it runs, then the green message (when `ok` gives one) or the red
 * lines of the failure, which `failed` also gets (a form shows a refusal beside its fields). Resolves
 * whether it succeeded.
 */
export function useAction(label?: (field: string) => string) {
  const notify = useNotify(label);
  const [busy, setBusy] = useState(false);
  async function run<T>(work: () => Promise<T>, ok?: (result: T) => string, failed?: (error: unknown) => void): Promise<boolean> {
    setBusy(true);
    try {
      const result = await work();
      if (ok) notify.ok(ok(result));
      return true;
    } catch (e) {
      notify.fail(e);
      failed?.(e);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

type Ask = (text: string) => Promise<boolean>;
const ConfirmContext = createContext<Ask>(async () => false);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [text, setText] = useState<string | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    (question) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setText(question);
      }),
    [],
  );
  const answer = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setText(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog open={text !== null} onClose={() => answer(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{text}</DialogTitle>
        <DialogContent />
        <DialogActions>
          <Button onClick={() => answer(false)}>{t('console.cancel')}</Button>
          <Button variant="contained" onClick={() => answer(true)} autoFocus>
            {t('console.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** Asks a yes/no question in a dialog (SPEC §8's confirmation texts). */
export function useConfirm(): Ask {
  return useContext(ConfirmContext);
}

/**
 * A screen's heading, its one-line intro, and the row of choices it is read by (a search landmark named by the
 * title; `columns`: the grid's columns from md up, two a row below): the report's and the activity log's.
 */
export function ScreenHeader({ title, intro, columns, children }: { title: string; intro: string; columns: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <Box role="search" aria-label={title} sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: columns } }}>
        {children}
      </Box>
    </>
  );
}

/** A screen for administrators, as a member sees it: its title and why there is nothing more (the server refuses them anyway). */
export function AdminOnly({ title, message }: { title: string; message: string }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info">{message}</Alert>
    </Box>
  );
}

/** What the console's paginated lists say, in the reader's language (MUI's own words are English). */
export function usePaginationLabels() {
  const { t } = useT();
  return {
    labelRowsPerPage: t('console.rowsPerPage'),
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => t('console.rows', { from, to, count }),
    getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => t(type === 'next' || type === 'last' ? 'console.pageNext' : 'console.pagePrevious'),
  };
}

/**
 * A button that opens the browser's file chooser: a real button clicking a hidden file input. (A `label` drawn
 * as a button, MUI's `component="label"`, gets `role="button"`, which a label may not have: axe's aria-allowed-role.)
 */
export function FilePickButton({
  children,
  input,
  ...button
}: Omit<ButtonProps, 'onClick' | 'component'> & { input: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'hidden'> }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => ref.current?.click()}>
        {children}
      </Button>
      <input {...input} ref={ref} hidden type="file" />
    </>
  );
}
