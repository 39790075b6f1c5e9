import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type ClipboardEvent, useState } from 'react';
import { useT } from '../../i18n/index.tsx';
import { AuthorMembersField } from '../author-members-field.tsx';
import { useMembers } from '../members.ts';
import { usePendingInput } from '../pending-input.ts';
import { PeopleField } from '../people-field.tsx';
import { RecordRefField } from '../record-ref-field.tsx';
import type { ConsoleKind, WidgetProps } from './kind.ts';
import { splitItems } from './list-items.ts';

// A list in the console: which member each author is, people (members by name, others typed), records it
// refers to, names (the lab's members suggested) or free items (keywords). Typed text becomes items as
// list-items.ts reads it when Enter is pressed, when the field loses the focus (a click on Save included) and
// when a list is pasted: nothing typed is lost.

type ItemsProps = WidgetProps & {
  asNames: boolean;
  /** Suggestions while typing, each with the words that find it (a member's other name, username). */
  suggestions?: readonly { text: string; also: string }[];
};

function ItemsField({ name, value, onChange, error, disabled, label, asNames, suggestions = [] }: ItemsProps) {
  const { t } = useT();
  const items = Array.isArray(value) ? (value as string[]) : [];
  const [typed, setTyped] = useState('');
  const also = new Map(suggestions.map((s) => [s.text, s.also]));
  const find = createFilterOptions<string>({ stringify: (o) => `${o} ${also.get(o) ?? ''}` });
  const add = (text: string) => {
    setTyped('');
    const added = splitItems(text, asNames);
    if (added.length > 0) onChange([...items, ...added]);
  };
  // Save and Preview add what is typed (a press on them leaves it for them: pending-input.ts)
  const pending = usePendingInput(name, () => {
    if (typed.trim() === '') return false;
    add(typed);
    return true;
  });
  // a pasted list becomes its items at once; one item pasted stays in the box, to be edited
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    const pasted = e.clipboardData.getData('text');
    const text = `${typed.slice(0, input.selectionStart ?? typed.length)}${pasted}${typed.slice(input.selectionEnd ?? typed.length)}`;
    if (splitItems(text, asNames).length < 2) return;
    e.preventDefault();
    add(text);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={suggestions.map((s) => s.text)}
      // suggested once something is typed, never one already in the list
      filterOptions={(options, state) => (state.inputValue.trim() === '' ? [] : find(options, state))}
      filterSelectedOptions
      value={items}
      inputValue={typed}
      // a reset is MUI emptying the box as the list changes: what is typed stays until it is added
      onInputChange={(_, v, reason) => reason !== 'reset' && setTyped(v)}
      onChange={(_, v, reason) => {
        if (reason === 'createOption') add(String(v[v.length - 1] ?? ''));
        else {
          if (reason === 'selectOption') setTyped('');
          onChange(v.map(String));
        }
      }}
      onBlur={() => typed.trim() !== '' && !pending?.pressingAction() && add(typed)}
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option}{' '}
          {also.get(option) && (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
              {also.get(option)}
            </Box>
          )}
        </li>
      )}
      renderValue={(vals, getItemProps) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a name may be given twice; its place is the chip
        vals.map((option, index) => <Chip size="small" label={option} {...getItemProps({ index })} key={`${option}#${index}`} />)
      }
      renderInput={(params) => (
        <TextField
          {...params}
          onPaste={paste}
          label={label}
          size="small"
          margin="dense"
          error={!!error}
          helperText={error ?? t(asNames ? 'listField.names' : 'listField.items')}
        />
      )}
    />
  );
}

/** Names, the lab's members suggested by either of their names or their username. */
function NamesField(props: WidgetProps) {
  const members = useMembers();
  const seen = new Set<string>();
  const suggestions: { text: string; also: string }[] = [];
  for (const m of members) {
    for (const [name, other] of [
      [m.name_en, m.name_zh],
      [m.name_zh, m.name_en],
    ] as const) {
      if (!name || seen.has(name)) continue;
      seen.add(name);
      suggestions.push({ text: name, also: `${other} @${m.username}` });
    }
  }
  return <ItemsField {...props} asNames suggestions={suggestions} />;
}

export const list: ConsoleKind = {
  Widget(props) {
    const { def, value, onChange, error, disabled, record, label } = props;
    if (def.widget === 'author-members') {
      const authors = Array.isArray(record?.author) ? (record.author as string[]) : [];
      return <AuthorMembersField label={label} authors={authors} value={value} onChange={onChange} error={error} disabled={disabled} />;
    }
    if (def.refers) return <RecordRefField multiple label={label} refers={def.refers} value={value} onChange={onChange} error={error} disabled={disabled} />;
    if (def.widget === 'names') return <NamesField {...props} />;
    return <ItemsField {...props} asNames={false} />;
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
