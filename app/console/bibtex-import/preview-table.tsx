import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { areas, enumLabel, publicationTypes, venueKinds } from '../../../common/enums.ts';
import type { ImportEntry } from '../../../common/wire.ts';
import { useT } from '../../i18n/index.tsx';
import { type ListColumn, RecordList } from '../record-list.tsx';
import type { Choice, DuplicateAction } from './use-import.ts';

type Row = { e: ImportEntry; c: Choice; i: number };

/**
 * Each entry of the file as it would be imported, with its choices: import it, its area, a duplicate's fate.
 * A table, or on a phone cards with every column (RecordList, as the console's other lists).
 */
export function PreviewTable({ entries, choices, choose }: { entries: ImportEntry[]; choices: Choice[]; choose: (i: number, patch: Partial<Choice>) => void }) {
  const { t, lang } = useT();
  const usable = (e: ImportEntry) => !!e.record && e.problems.length === 0;
  const columns: ListColumn<Row>[] = [
    {
      key: 'entry',
      label: t('consoleImport.entry'),
      cell: ({ e }) => (
        <>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', display: 'block' }}>
            {e.key || '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', fontWeight: 'normal' }}>
            {t('consoleImport.line', { line: e.line })}
            {e.record && ` · @${e.record.entryType}`}
          </Typography>
        </>
      ),
    },
    {
      key: 'include',
      label: t('consoleImport.include'),
      cell: ({ e, c, i }) => (
        <Checkbox
          checked={c.on}
          disabled={!usable(e)}
          onChange={(ev) => choose(i, { on: ev.target.checked })}
          slotProps={{ input: { 'aria-label': `${t('consoleImport.include')} ${e.key}` } }}
          sx={{ p: 0.5 }}
        />
      ),
    },
    {
      key: 'work',
      label: t('consoleImport.work'),
      wide: true,
      cell: ({ e }) => {
        const r = e.record;
        return (
          <>
            {r && (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.title || '—'}
                </Typography>
                <Typography variant="body2">{r.author.join(', ')}</Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {[
                    enumLabel(publicationTypes, r.type, lang),
                    r.type === 'paper' ? enumLabel(venueKinds, r.venue_kind, lang) : '',
                    r.source,
                    r.place,
                    r.month ? `${r.year}-${String(r.month).padStart(2, '0')}` : r.year || '',
                    r.doi && `DOI ${r.doi}`,
                    r.link1,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </>
            )}
            {e.problems.map((p) => (
              <Typography key={p} variant="caption" color="error" component="p">
                {p}
              </Typography>
            ))}
            {(e.changes ?? []).map((change) => (
              <Typography key={change} variant="caption" color="text.secondary" component="p">
                {change}
              </Typography>
            ))}
          </>
        );
      },
    },
    {
      key: 'area',
      label: t('consoleImport.area'),
      cell: ({ e, c, i }) => (
        <TextField
          select
          size="small"
          fullWidth
          sx={{ minWidth: 160 }}
          disabled={!usable(e)}
          value={c.area}
          onChange={(ev) => choose(i, { area: ev.target.value })}
          label={t('consoleImport.area')}
        >
          {areas.map((a) => (
            <MenuItem key={a.value} value={a.value}>
              {enumLabel(areas, a.value, lang)}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      key: 'duplicate',
      label: t('consoleImport.duplicate'),
      cell: ({ e, c, i }) =>
        e.duplicateOf ? (
          <>
            <Typography variant="caption" color="warning.main" component="p">
              {t(e.duplicateOf.by === 'doi' ? 'consoleImport.sameDoi' : 'consoleImport.sameTitle', { pid: e.duplicateOf.pid })}
            </Typography>
            <TextField
              select
              size="small"
              fullWidth
              sx={{ minWidth: 140, mt: 1 }}
              disabled={!usable(e)}
              value={c.duplicate}
              onChange={(ev) => choose(i, { duplicate: ev.target.value as DuplicateAction, on: true })}
              label={t('consoleImport.duplicate')}
            >
              <MenuItem value="skip">{t('consoleImport.skip')}</MenuItem>
              <MenuItem value="update">{t('consoleImport.update')}</MenuItem>
              <MenuItem value="create">{t('consoleImport.create')}</MenuItem>
            </TextField>
          </>
        ) : e.repeats ? (
          <Typography variant="caption" color="warning.main" component="p">
            {t(e.repeats.by === 'doi' ? 'consoleImport.repeatsDoi' : 'consoleImport.repeatsTitle', { index: e.repeats.index, key: e.repeats.key })}
          </Typography>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <RecordList
      items={entries.map((e, i) => ({ e, c: choices[i] as Choice, i }))}
      keyOf={({ e }) => `${e.index}-${e.key}`}
      columns={columns}
      label={t('consoleImport.entries')}
      empty="—"
    />
  );
}
