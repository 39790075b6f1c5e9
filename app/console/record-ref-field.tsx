import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listSearch } from '../../common/list-params.ts';
import { recordTitle, type ResourceDef } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';

// An int field that `refers` to a record of another declared resource (an award's related publication,
// issue #27): chosen by its title from that resource's console list, filtered on the server as typed (the
// list call's ?q=, common/list-params.ts), a page of 20 at a time; the current record is read by its id.

type Row = Record<string, unknown>;

export function RecordRefField({
  label,
  refers,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  refers: string;
  value: unknown;
  onChange: (v: number | '') => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { lang } = useT();
  const target = (resources as Record<string, ResourceDef>)[refers];
  const [typed, setTyped] = useState('');
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
  const path = target?.path ?? '';
  const current = useQuery({
    queryKey: ['record-ref', refers, id],
    enabled: !!target && id !== null,
    queryFn: () => api.get<Row>(`${path}?${target?.id}=${id}`),
  });
  const found = useQuery({
    queryKey: ['record-ref-list', refers, typed],
    enabled: !!target,
    queryFn: () => api.get<Row[]>(`${path}${listSearch({ q: typed, limit: 20 })}`),
  });
  if (!target) return null;
  const titleOf = (r: Row | null | undefined) => (r ? recordTitle(target, r, lang) || `#${String(r[target.id])}` : '');
  const chosen: Row | null = id === null ? null : (current.data ?? { [target.id]: id });
  const options: Row[] = found.data ?? [];
  return (
    <Autocomplete<Row, false, false, false>
      size="small"
      disabled={disabled}
      options={options}
      value={chosen}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a[target.id] === b[target.id]}
      getOptionLabel={(r) => titleOf(r)}
      getOptionKey={(r) => String(r[target.id])}
      onInputChange={(_, v, reason) => reason === 'input' && setTyped(v.slice(0, 200))}
      onChange={(_, r) => onChange(r ? Number(r[target.id]) : '')}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" error={!!error} helperText={error} />}
    />
  );
}
