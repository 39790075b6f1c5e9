import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listSearch } from '../../common/list-params.ts';
import { recordTitle, type ResourceDef } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';

// A field that `refers` to records of another declared resource: an int names one (an award's
// related publication), a list of format `record_id` several (a project's acknowledging publications). Each
// is chosen by its title from that resource's console list, filtered on the server as typed (the list call's
// ?q=, common/list-params.ts), a page of 20 at a time; the chosen records are read by their ids.

type Row = Record<string, unknown>;

const idOf = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

type Props = {
  label: string;
  refers: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
} & ({ multiple?: false; value: unknown; onChange: (v: number | '') => void } | { multiple: true; value: unknown; onChange: (v: string[]) => void });

export function RecordRefField(props: Props) {
  const { label, refers, error, disabled } = props;
  const { lang } = useT();
  const target = (resources as Record<string, ResourceDef>)[refers];
  const [typed, setTyped] = useState('');
  const ids = props.multiple ? (Array.isArray(props.value) ? props.value.flatMap((v) => idOf(v) ?? []) : []) : [idOf(props.value)].flatMap((v) => v ?? []);
  const path = target?.path ?? '';
  // each chosen record by its id (a list names a few)
  const current = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['record-ref', refers, id],
      enabled: !!target,
      queryFn: () => api.get<Row>(`${path}?${target?.id}=${id}`),
      retry: false,
    })),
  });
  const found = useQuery({
    queryKey: ['record-ref-list', refers, typed],
    enabled: !!target,
    queryFn: () => api.get<Row[]>(`${path}${listSearch({ q: typed, limit: 20 })}`),
  });
  if (!target) return null;
  const titleOf = (r: Row | null | undefined) => (r ? recordTitle(target, r, lang) || `#${String(r[target.id])}` : '');
  const chosen: Row[] = ids.map((id, i) => current[i]?.data ?? { [target.id]: id });
  const options: Row[] = found.data ?? [];
  const shared = {
    size: 'small' as const,
    disabled,
    options,
    filterOptions: (o: Row[]) => o,
    isOptionEqualToValue: (a: Row, b: Row) => a[target.id] === b[target.id],
    getOptionLabel: (r: Row) => titleOf(r),
    getOptionKey: (r: Row) => String(r[target.id]),
    onInputChange: (_: unknown, v: string, reason: string) => reason === 'input' && setTyped(v.slice(0, 200)),
    renderInput: (params: object) => <TextField {...params} label={label} margin="dense" error={!!error} helperText={error} />,
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <Autocomplete<Row, true, false, false>
        {...shared}
        multiple
        value={chosen}
        onChange={(_, rows) => onChange(rows.map((r) => String(r[target.id])))}
        renderValue={(rows, getItemProps) =>
          rows.map((r, index) => <Chip size="small" label={titleOf(r)} {...getItemProps({ index })} key={String(r[target.id])} />)
        }
      />
    );
  }
  const { onChange } = props;
  return <Autocomplete<Row, false, false, false> {...shared} value={chosen[0] ?? null} onChange={(_, r) => onChange(r ? Number(r[target.id]) : '')} />;
}
