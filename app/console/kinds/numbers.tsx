import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { yearList } from '../../../common/enums.ts';
import { valueText } from '../../../common/kinds/index.ts';
import { useT } from '../../i18n/index.tsx';
import { RecordRefField } from '../record-ref-field.tsx';
import { type ConsoleKind, str, type WidgetProps } from './kind.ts';

// Numbers, switches and enums in the console: a number (or a year, a month, one of its choices, a record it
// refers to), a switch, an enum's options in the reader's language.

const asNumber = (v: string) => (v === '' ? '' : Number(v));

function IntWidget({ def, value, onChange, error, disabled, common, label }: WidgetProps) {
  const { lang } = useT();
  if (def.refers) return <RecordRefField label={label} refers={def.refers} value={value} onChange={onChange} error={error} disabled={disabled} />;
  if (def.widget === 'year') {
    return (
      <TextField select {...common} value={str(value)} onChange={(e) => onChange(asNumber(e.target.value))}>
        <MenuItem value="">—</MenuItem>
        {yearList().map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (def.widget === 'month') {
    return (
      <TextField select {...common} value={str(value)} onChange={(e) => onChange(asNumber(e.target.value))}>
        {/* an optional month may be unknown: empty, stored as none */}
        {!def.required && def.default === undefined && <MenuItem value="">—</MenuItem>}
        {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (def.widget === 'choice') {
    return (
      <TextField select {...common} value={str(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {(def.choices ?? []).map((o) => (
          <MenuItem key={o.num} value={o.num}>
            {o[lang]}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} type="number" value={str(value)} onChange={(e) => onChange(asNumber(e.target.value))} />;
}

export const int: ConsoleKind = { Widget: IntWidget, diff: 'value' };

export const bool: ConsoleKind = {
  Widget: ({ value, onChange, disabled, label }) => (
    <FormControlLabel
      sx={{ my: 1 }}
      control={<Switch checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
      label={label}
    />
  ),
  // its state as a chip, outlined in green when on
  cell(def, value, lang) {
    const on = value === true || value === 1;
    return <Chip size="small" label={valueText(def, on, lang)} {...(on ? { color: 'success', variant: 'outlined' } : {})} />;
  },
  diff: 'value',
};

export const enumKind: ConsoleKind = {
  Widget({ def, value, onChange, common }) {
    const { lang } = useT();
    return (
      <TextField select {...common} value={str(value)} onChange={(e) => onChange(e.target.value)}>
        {(def.options ?? []).map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o[lang]}
          </MenuItem>
        ))}
      </TextField>
    );
  },
  diff: 'value',
};
