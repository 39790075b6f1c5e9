import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.tsx';

/** Students leaving or returning: on which date, how many ('' for none), as typed. */
export type Move = { date: string; count: string };

/** The date and the count of a move, under its name. */
export function MoveFields({ label, move, onChange }: { label: string; move: Move; onChange: (m: Partial<Move>) => void }) {
  const { t } = useT();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="legend" variant="body2" sx={{ minWidth: 96, float: 'left', mr: 1 }}>
        {label}
      </Typography>
      <TextField
        size="small"
        type="date"
        label={t('advisor.date')}
        value={move.date}
        onChange={(e) => onChange({ ...move, date: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={t('advisor.count')}
        value={move.count}
        onChange={(e) => onChange({ ...move, count: e.target.value })}
        sx={{ width: 160 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </Box>
  );
}
