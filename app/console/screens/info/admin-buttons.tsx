import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useT } from '../../../i18n/index.tsx';

type Props = {
  /** Edit mode: save and preview, discard; else add, delete, sort, edit. */
  editing: boolean;
  busy: boolean;
  /** The list is loaded (a tab can be added). */
  loaded: boolean;
  /** A tab is shown (it can be deleted or edited). */
  hasCurrent: boolean;
  /** How many tabs are stored (sorting needs two). */
  count: number;
  onSave: () => void;
  onDiscard: () => void;
  onAdd: () => void;
  onDelete: () => void;
  onSort: () => void;
  onEdit: () => void;
};

/** The administrator's buttons of the info screen. */
export function AdminButtons({ editing, busy, loaded, hasCurrent, count, onSave, onDiscard, onAdd, onDelete, onSort, onEdit }: Props) {
  const { t } = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {editing ? (
        <>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={busy}>
            {t('consoleInfo.saveAndPreview')}
          </Button>
          <Button onClick={onDiscard} disabled={busy}>
            {t('consoleInfo.discard')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={busy || !loaded}>
            {t('consoleInfo.add')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={busy || !hasCurrent}>
            {t('consoleInfo.delete')}
          </Button>
          <Button variant="outlined" startIcon={<SwapVertIcon />} onClick={onSort} disabled={busy || count < 2}>
            {t('consoleInfo.sort')}
          </Button>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit} disabled={busy || !hasCurrent}>
            {t('consoleInfo.edit')}
          </Button>
        </>
      )}
    </Box>
  );
}
