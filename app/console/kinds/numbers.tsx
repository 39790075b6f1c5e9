import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useMemo } from 'react';
import { YEARS } from '../../../common/fields.ts';
import { labYear } from '../../../common/instant.ts';
import { valueText } from '../../../common/kinds/index.ts';
import { useT } from '../../i18n/index.tsx';
import { RecordRefField } from '../record-ref-field.tsx';
import { type ConsoleKind, str, type WidgetProps } from './kind.ts';

// Numbers, switches and enums in the console: a number (or a year, a month, one of its choices, a record it
// refers to), a switch, an enum's options in the reader's language.

const asNumber = (v: string) => (v === '' ? '' : Number(v));

/** A typed year: its number when it is digits, else the text as typed, which the check before saving names. */
function asYear(v: string): number | string {
  const t = v.trim();
  return /^\d{1,12}$/.test(t) ? Number(t) : t;
}

/**
 * A year, typed or chosen from every year its declaration accepts (`min` to `max`), the latest first. Opened
 * empty, the list shows this year; a digit or two typed narrows it to the years that begin with them.
 */
function YearField({ def, value, onChange, common }: WidgetProps) {
  const id = useId();
  const min = def.min ?? YEARS.min;
  const max = def.max ?? YEARS.max;
  const years = useMemo(() => Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => String(max - i)), [min, max]);
  const text = str(value);
  // MUI brings a chosen year into view; with none, this year is brought there
  const showThisYear = () => {
    if (text !== '') return;
    const index = max - Math.min(max, Math.max(min, labYear()));
    let frames = 0;
    const scroll = () => {
      const list = document.getElementById(`${id}-listbox`);
      const option = list?.querySelector<HTMLElement>(`[data-option-index="${index}"]`);
      if (list && option) list.scrollTop = option.offsetTop - list.clientHeight / 2;
      else if (frames++ < 10) requestAnimationFrame(scroll);
    };
    requestAnimationFrame(scroll);
  };
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={years}
      value={text === '' ? null : text}
      inputValue={text}
      // what is typed is the value (a reset is MUI writing the value back)
      onInputChange={(_, v, reason) => reason !== 'reset' && onChange(asYear(v))}
      onChange={(_, v) => onChange(asYear(v ?? ''))}
      filterOptions={(options, { inputValue }) => options.filter((y) => y.startsWith(inputValue.trim()))}
      onOpen={showThisYear}
      disabled={common.disabled}
      renderInput={(params) => (
        <TextField {...params} {...common} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' } }} />
      )}
    />
  );
}

function IntWidget(props: WidgetProps) {
  const { def, value, onChange, error, disabled, common, label } = props;
  const { lang } = useT();
  if (def.refers) return <RecordRefField label={label} refers={def.refers} value={value} onChange={onChange} error={error} disabled={disabled} />;
  if (def.widget === 'year') return <YearField {...props} />;
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
