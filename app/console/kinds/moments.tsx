import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs from 'dayjs';
import { fromLabLocal, toLabLocal } from '../../../common/instant.ts';
import { useT } from '../../i18n/index.tsx';
import { PublishingField } from '../publishing-field.tsx';
import type { ConsoleKind } from './kind.ts';

// Dates and times in the console: a day and a time of day by MUI's pickers, a moment as the lab's wall-clock
// time (Beijing), or as a record's publish time with its release switch (the `publishing` widget).

const pickerField = (error: string | undefined) =>
  ({ textField: { fullWidth: true, size: 'small', margin: 'dense', error: !!error, helperText: error } }) as const;

export const date: ConsoleKind = {
  Widget: ({ value, onChange, error, disabled, label }) => (
    <DatePicker
      label={label}
      format="YYYY-MM-DD"
      value={value ? dayjs(String(value)) : null}
      onChange={(d) => onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
      disabled={disabled}
      slotProps={pickerField(error)}
    />
  ),
  diff: 'value',
};

export const time: ConsoleKind = {
  Widget: ({ value, onChange, error, disabled, label }) => (
    <TimePicker
      label={label}
      ampm={false}
      format="HH:mm"
      value={value ? dayjs(`2000-01-01T${String(value)}`) : null}
      onChange={(d) => onChange(d?.isValid() ? d.format('HH:mm') : '')}
      disabled={disabled}
      slotProps={pickerField(error)}
    />
  ),
  diff: 'value',
};

export const instant: ConsoleKind = {
  Widget({ def, value, onChange, error, disabled, record, onFill, common }) {
    const { lang } = useT();
    if (def.widget === 'publishing')
      return <PublishingField label={def.label[lang]} record={record ?? {}} error={error} disabled={disabled} onFill={onFill ?? (() => {})} />;
    return <InstantInput common={common} value={value} onChange={onChange} error={error} disabled={disabled} />;
  },
  diff: 'value',
};

/** A moment as the lab's wall-clock time (Beijing), to the second, with a button that clears it. */
export function InstantInput({
  common,
  value,
  onChange,
  error,
  disabled,
  hint,
}: {
  common: { label: string } & Record<string, unknown>;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** Said under the input (unless an error is): Beijing time, empty for at once, unless given. */
  hint?: string;
}) {
  const { t } = useT();
  // the lab's wall-clock time (Beijing), to the second; what the form holds is a moment with its offset.
  // A half-typed value reads as empty in the input: it is kept as such, so the check names it, not cleared.
  const shown = toLabLocal(value);
  const half = typeof value === 'string' && value !== '' && shown === '';
  return (
    <TextField
      {...common}
      type="datetime-local"
      value={shown}
      helperText={error ?? hint ?? t('console.publishing.hint')}
      onChange={(e) => onChange(e.target.value === '' && e.target.validity.badInput ? 'incomplete' : fromLabLocal(e.target.value))}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { step: 1, 'aria-invalid': !!error || half },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={t('console.publishing.clear')}
                title={t('console.publishing.clear')}
                disabled={disabled || value === '' || value === null || value === undefined}
                onClick={() => onChange('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
