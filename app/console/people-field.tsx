import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { memberRef, readRef } from '../../common/person-refs.ts';
import { useT } from '../i18n/index.tsx';
import { useMemberName, useMembers } from './members.ts';

// A people field's editor (common/person-refs.ts): the members it names, chosen by name from the
// lab's list, and the names of people outside the lab, typed (Enter adds one). Each is a chip, in order.

type Props = {
  label: string;
  value: unknown;
  onChange: (v: string[]) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  max?: number | undefined;
};

export function PeopleField({ label, value, onChange, error, disabled, max }: Props) {
  const { t } = useT();
  const members = useMembers();
  const nameOf = useMemberName();
  const items = Array.isArray(value) ? (value as string[]) : [];
  const byPid = new Map(members.map((p) => [String(p.pid), p]));
  const options = members.map((p) => memberRef(p.pid));
  const labelOf = (item: string) => {
    const ref = readRef(item);
    if ('name' in ref) return `${ref.name} (${t('authorMembers.outsider')})`;
    if ('username' in ref) return `@${ref.username}`;
    const m = byPid.get(ref.pid);
    return m ? nameOf(m) : `#${ref.pid}`;
  };
  // a member is found by either name or username; a typed name stays as typed
  const filter = createFilterOptions<string>({
    stringify: (o) => {
      const m = byPid.get(o.slice(4));
      return m ? `${m.name_zh} ${m.name_en} ${m.username}` : o;
    },
  });
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options}
      filterOptions={filter}
      filterSelectedOptions
      value={items}
      getOptionLabel={(o) => labelOf(String(o))}
      // a typed name is trimmed; one that reads as a member reference is taken as a name still
      onChange={(_, v) =>
        onChange(
          v
            .map((x) => String(x).trim())
            .filter(Boolean)
            .slice(0, max ?? 100),
        )
      }
      disabled={disabled}
      renderValue={(vals, getItemProps) =>
        vals.map((option, index) => (
          <Chip
            size="small"
            color={'name' in readRef(String(option)) ? 'default' : 'primary'}
            variant={'name' in readRef(String(option)) ? 'outlined' : 'filled'}
            label={labelOf(String(option))}
            {...getItemProps({ index })}
            // biome-ignore lint/suspicious/noArrayIndexKey: a name may be given twice; its place is the chip
            key={`${String(option)}#${index}`}
          />
        ))
      }
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" margin="dense" error={!!error} helperText={error ?? t('authorMembers.people')} />
      )}
    />
  );
}
