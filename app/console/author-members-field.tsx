import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { authorKey, BY_NAME, indexMembers, NOT_A_MEMBER } from '../../common/authors.ts';
import { useT } from '../i18n/index.tsx';
import { useMemberName, useMembers } from './members.ts';

// Which member each author of the record's author list is: one choice per author,
// "by name" (the server links the one member of that name when saving), a member, or "not a member".
// The choices follow their authors when the list is reordered, grows or shrinks.

type Props = {
  label: string;
  authors: readonly string[];
  value: unknown;
  onChange: (v: string[]) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
};

export function AuthorMembersField({ label, authors, value, onChange, error, disabled }: Props) {
  const { t } = useT();
  const members = useMembers();
  const nameOf = useMemberName();
  const list = Array.isArray(value) ? (value as string[]) : [];
  // each author's choice by name, so that it follows the author through edits of the list; a list that
  // comes from outside (the stored record, or this field's own change) is read into it when it fits
  const chosen = useRef(new Map<string, string>());
  const read = useRef<unknown>(undefined);
  if (value !== read.current) {
    read.current = value;
    if (list.length === authors.length) for (const [i, name] of authors.entries()) chosen.current.set(authorKey(name), list[i] ?? BY_NAME);
  }
  const aligned = authors.map((name) => chosen.current.get(authorKey(name)) ?? BY_NAME);
  useEffect(() => {
    if (aligned.length !== list.length || aligned.some((l, i) => l !== list[i])) onChange(aligned);
  });

  const index = indexMembers(members);
  const options = [BY_NAME, NOT_A_MEMBER, ...members.map((p) => String(p.pid))];
  const optionLabel = (author: string) => (o: string) => {
    if (o === NOT_A_MEMBER) return t('authorMembers.notMember');
    if (o === BY_NAME) {
      const m = index.byName.get(authorKey(author));
      return m ? t('authorMembers.byName', { name: nameOf(m) }) : t('authorMembers.byNameNone');
    }
    const m = index.byPid.get(o);
    return m ? nameOf(m) : `#${o}`;
  };
  const choose = (i: number, link: string) => {
    chosen.current.set(authorKey(authors[i] ?? ''), link);
    onChange(authors.map((name) => chosen.current.get(authorKey(name)) ?? BY_NAME));
  };

  if (authors.length === 0) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, my: 1 }}>
      <Typography component="legend" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('authorMembers.hint')}
      </Typography>
      {authors.map((author, i) => (
        <Autocomplete
          // biome-ignore lint/suspicious/noArrayIndexKey: an author may appear twice; the position is the row
          key={`${author}#${i}`}
          size="small"
          disableClearable
          disabled={disabled}
          options={options}
          value={aligned[i] ?? BY_NAME}
          getOptionLabel={optionLabel(author)}
          onChange={(_, v) => choose(i, v)}
          renderInput={(params) => (
            <TextField {...params} label={author} margin="dense" error={!!error} helperText={i === authors.length - 1 ? error : undefined} />
          )}
        />
      ))}
    </Box>
  );
}
