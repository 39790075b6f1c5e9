import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NO_RANK } from '../../common/venue-ranks.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';

// A publication's venue rank correction: chosen from the bundled CCF and CORE lists as
// typed (GET /api/venue-ranks/?q=, searched on the server), or "none", or typed as it is (a DBLP key, an
// abbreviation or a name: server/services/venue-rank.ts reads it). Under it, the match the record has now.

type Choice = { key: string; system: 'ccf' | 'core'; rank: string; abbr: string; name: string; kind: string };

export function VenueField({
  label,
  value,
  onChange,
  error,
  disabled,
  saved,
}: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** The record's match as last saved ("CCF A · CORE A*"), when it has been. */
  saved?: string | undefined;
}) {
  const { t } = useT();
  const current = typeof value === 'string' ? value : '';
  const [typed, setTyped] = useState('');
  const found = useQuery({
    queryKey: ['venue-ranks', typed],
    enabled: typed.trim() !== '',
    queryFn: () => api.get<Choice[]>(`/api/venue-ranks/?q=${encodeURIComponent(typed)}`),
  });
  const none: Choice = { key: NO_RANK, system: 'ccf', rank: '', abbr: '', name: t('venuePicker.none'), kind: '' };
  const options = [none, ...(found.data ?? [])];
  const labelOf = (o: Choice | string) =>
    typeof o === 'string' ? o : o.key === NO_RANK ? o.name : `${o.system.toUpperCase()} ${o.rank} · ${o.abbr ? `${o.abbr} — ` : ''}${o.name}`;
  const hint = saved === undefined ? t('venuePicker.hint') : saved ? t('venuePicker.saved', { rank: saved }) : t('venuePicker.savedNone');
  return (
    <Autocomplete<Choice, false, false, true>
      freeSolo
      size="small"
      disabled={disabled}
      options={options}
      filterOptions={(o) => o}
      value={current}
      inputValue={typed || current}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.key)}
      getOptionKey={(o) => (typeof o === 'string' ? o : `${o.system}:${o.key}:${o.name}`)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {labelOf(o)}
          </li>
        );
      }}
      onInputChange={(_, v, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setTyped(v.slice(0, 200));
        onChange(v.slice(0, 300));
      }}
      onChange={(_, o) => {
        const key = o === null ? '' : typeof o === 'string' ? o : o.key;
        setTyped('');
        onChange(key);
      }}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" error={!!error} helperText={error ?? hint} />}
    />
  );
}
