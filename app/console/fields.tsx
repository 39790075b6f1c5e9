import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import RefreshIcon from '@mui/icons-material/Refresh';
import InputAdornment from '@mui/material/InputAdornment';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs from 'dayjs';
import { yearList } from '../../common/enums.ts';
import type { FieldDef } from '../../common/fields.ts';
import { fromLabLocal, toLabLocal } from '../../common/instant.ts';
import { useT } from '../i18n/index.tsx';
import { AuthorMembersField } from './author-members-field.tsx';
import { PeopleField } from './people-field.tsx';
import { VenueField } from './venue-field.tsx';
import { RecordRefField } from './record-ref-field.tsx';
import { DoiField } from './doi-field.tsx';
import { ImageField } from './image-field.tsx';
import { HtmlField, MarkdownField } from './markdown-field.tsx';
import { PublishingField } from './publishing-field.tsx';
import { at } from '../lib/base.ts';

// The field kind → component map: every console editor renders its declared fields through here.

export type FieldProps = {
  name: string;
  def: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string | undefined;
  /** The record being edited (file slots show the current file's public link). */
  record?: Record<string, unknown>;
  disabled?: boolean;
  /** Sets other fields of the record at once (a DOI's "Fill" sets title, authors, venue…). */
  onFill?: (patch: Record<string, unknown>) => void;
};

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function FieldInput({ name, def, value, onChange, error, record, disabled, onFill }: FieldProps) {
  const { t, lang } = useT();
  const label = `${def.label[lang]}${def.required ? ' *' : ''}`;
  const common = { label, fullWidth: true, error: !!error, helperText: error, disabled, size: 'small' as const, margin: 'dense' as const };

  switch (def.kind) {
    case 'bool':
      return (
        <FormControlLabel
          sx={{ my: 1 }}
          control={<Switch checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
          label={label}
        />
      );
    case 'enum':
      return (
        <TextField select {...common} value={str(value)} onChange={(e) => onChange(e.target.value)}>
          {(def.options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o[lang]}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'int': {
      if (def.refers) return <RecordRefField label={label} refers={def.refers} value={value} onChange={onChange} error={error} disabled={disabled} />;
      if (def.widget === 'year') {
        return (
          <TextField select {...common} value={str(value)} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}>
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
          <TextField select {...common} value={str(value)} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}>
            {/* an optional month may be unknown (issue #26): empty, stored as none */}
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
      return <TextField {...common} type="number" value={str(value)} onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))} />;
    }
    case 'date':
      return (
        <DatePicker
          label={label}
          format="YYYY-MM-DD"
          value={value ? dayjs(String(value)) : null}
          onChange={(d) => onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
          disabled={disabled}
          slotProps={{ textField: { fullWidth: true, size: 'small', margin: 'dense', error: !!error, helperText: error } }}
        />
      );
    case 'time':
      return (
        <TimePicker
          label={label}
          ampm={false}
          format="HH:mm"
          value={value ? dayjs(`2000-01-01T${String(value)}`) : null}
          onChange={(d) => onChange(d?.isValid() ? d.format('HH:mm') : '')}
          disabled={disabled}
          slotProps={{ textField: { fullWidth: true, size: 'small', margin: 'dense', error: !!error, helperText: error } }}
        />
      );
    case 'instant':
      if (def.widget === 'publishing')
        return <PublishingField label={def.label[lang]} record={record ?? {}} error={error} disabled={disabled} onFill={onFill ?? (() => {})} />;
      return <InstantInput common={common} value={value} onChange={onChange} error={error} disabled={disabled} />;
    case 'list':
      if (def.widget === 'author-members') {
        const authors = Array.isArray(record?.author) ? (record.author as string[]) : [];
        return <AuthorMembersField label={label} authors={authors} value={value} onChange={onChange} error={error} disabled={disabled} />;
      }
      if (def.widget === 'people') return <PeopleField label={label} value={value} onChange={onChange} error={error} disabled={disabled} max={def.max} />;
      if (def.refers) return <RecordRefField multiple label={label} refers={def.refers} value={value} onChange={onChange} error={error} disabled={disabled} />;
      return (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(_, v) => onChange(v.map(String))}
          disabled={disabled}
          renderValue={(vals, getItemProps) => vals.map((option, index) => <Chip size="small" label={option} {...getItemProps({ index })} key={option} />)}
          renderInput={(params) => <TextField {...params} label={label} size="small" margin="dense" error={!!error} helperText={error ?? '↵'} />}
        />
      );
    case 'image': {
      const crop = def.image?.crop ?? [800, 450];
      return (
        <ImageField
          label={label}
          value={value}
          onChange={onChange}
          crop={crop}
          min={[def.image?.minWidth ?? 1, def.image?.minHeight ?? 1]}
          png={crop[0] === crop[1]}
          error={error}
        />
      );
    }
    case 'file': {
      const current = typeof value === 'string' ? value : '';
      const url = record?.[`${name}_url`];
      return (
        <Box sx={{ my: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {current && typeof url === 'string' && url ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Link href={at(url)} target="_blank" rel="noopener">
                {current}
              </Link>
              <IconButton size="small" aria-label={`${t('console.refresh')} ${label}`} title={t('console.refresh')} onClick={() => onChange('')}>
                <RefreshIcon fontSize="small" />
              </IconButton>
            </Box>
          ) : value instanceof File ? (
            <Typography variant="body2">{value.name}</Typography>
          ) : null}
          {!(current && url) && (
            <Button variant="outlined" size="small" component="label" sx={{ mt: 0.5 }}>
              {t('console.chooseFile')}
              <input hidden type="file" aria-label={label} onChange={(e) => e.target.files?.[0] && onChange(e.target.files[0])} />
            </Button>
          )}
          {error && (
            <Typography variant="body2" color="error">
              {error}
            </Typography>
          )}
        </Box>
      );
    }
    case 'longtext':
      if (def.widget === 'markdown')
        return <MarkdownField label={label} value={str(value)} onChange={onChange} error={error} height={def.editorHeight ?? 400} />;
      if (def.widget === 'html') return <HtmlField label={label} value={str(value)} onChange={onChange} error={error} />;
      return <TextField {...common} multiline minRows={3} value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'password':
      return <TextField {...common} type="password" autoComplete="new-password" value={str(value)} onChange={(e) => onChange(e.target.value)} />;
    default:
      if (def.format === 'doi' && onFill) return <DoiField value={str(value)} onChange={onChange} onFill={onFill} common={common} />;
      if (def.widget === 'venue')
        return (
          <VenueField
            label={label}
            value={value}
            onChange={onChange}
            error={error}
            disabled={disabled}
            saved={Number(record?.pid) > 0 && typeof record?.venue_rank === 'string' ? record.venue_rank : undefined}
          />
        );
      // a link may be site-relative (/news/12), which the browser's own type="url" refuses: it is text with
      // a URL keyboard, checked by the schema (isSafeUrl, common/fields.ts) here and on the server
      return (
        <TextField
          {...common}
          type={def.kind === 'email' ? 'email' : 'text'}
          value={str(value)}
          onChange={(e) => onChange(e.target.value)}
          {...(def.kind === 'url' ? { slotProps: { htmlInput: { inputMode: 'url', autoComplete: 'url', spellCheck: false } } } : {})}
        />
      );
  }
}

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
