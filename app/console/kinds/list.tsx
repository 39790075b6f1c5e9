import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { AuthorMembersField } from '../author-members-field.tsx';
import { PeopleField } from '../people-field.tsx';
import { RecordRefField } from '../record-ref-field.tsx';
import type { ConsoleKind } from './kind.ts';

// A list in the console: which member each author is, people (members by name, others typed), records it
// refers to, or free items typed one by one (↵ adds one).

export const list: ConsoleKind = {
  Widget({ def, value, onChange, error, disabled, record, label }) {
    if (def.widget === 'author-members') {
      const authors = Array.isArray(record?.author) ? (record.author as string[]) : [];
      return <AuthorMembersField label={label} authors={authors} value={value} onChange={onChange} error={error} disabled={disabled} />;
    }
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
  },
  diff: 'list',
};

/** People: members chosen by name, others typed. */
export const people: ConsoleKind = {
  Widget: ({ def, value, onChange, error, disabled, label }) => (
    <PeopleField label={label} value={value} onChange={onChange} error={error} disabled={disabled} max={def.max} />
  ),
  diff: 'list',
};
