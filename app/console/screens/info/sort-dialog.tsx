import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useT } from '../../../i18n/index.tsx';
import type { InfoPage } from './draft.ts';
import { SortableList } from './sortable-list.tsx';

/**
 * The sort dialog: confirm hands over the pages in their new order, cancel drops it. Mount it afresh
 * at every opening (a new `key`): it starts from the stored order each time.
 */
export function SortDialog({
  open,
  pages,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  pages: InfoPage[];
  busy: boolean;
  onClose: () => void;
  onSave: (ordered: InfoPage[]) => Promise<void>;
}) {
  const { t } = useT();
  const narrow = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const [items, setItems] = useState<InfoPage[]>(pages);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="info-sort-title" aria-describedby="info-sort-hint">
      <DialogTitle id="info-sort-title">{t('consoleInfo.sortTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="info-sort-hint" sx={{ mb: 1 }}>
          {t('consoleInfo.sortHint')}
        </DialogContentText>
        <SortableList items={items} onChange={setItems} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.cancel')}</Button>
        <Button variant="contained" onClick={() => void onSave(items)} disabled={busy}>
          {t('console.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
