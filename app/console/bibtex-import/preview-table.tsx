import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { areas, enumLabel, publicationTypes, venueKinds } from '../../../common/enums.ts';
import type { ImportEntry } from '../../../common/wire.ts';
import { useT } from '../../i18n/index.tsx';
import type { Choice, DuplicateAction } from './use-import.ts';

/** Each entry of the file as it would be imported, with its choices: import it, its area, a duplicate's fate. */
export function PreviewTable({ entries, choices, choose }: { entries: ImportEntry[]; choices: Choice[]; choose: (i: number, patch: Partial<Choice>) => void }) {
  const { t, lang } = useT();
  return (
    <TableContainer sx={{ maxHeight: '60vh' }}>
      <Table size="small" stickyHeader aria-label={t('consoleImport.entries')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('consoleImport.entry')}</TableCell>
            <TableCell>{t('consoleImport.work')}</TableCell>
            <TableCell sx={{ minWidth: 180 }}>{t('consoleImport.area')}</TableCell>
            <TableCell sx={{ minWidth: 160 }}>{t('consoleImport.duplicate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e, i) => {
            const c = choices[i] as Choice;
            const r = e.record;
            const usable = !!r && e.problems.length === 0;
            return (
              <TableRow key={`${e.index}-${e.key}`} selected={c.on}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={c.on}
                    disabled={!usable}
                    onChange={(ev) => choose(i, { on: ev.target.checked })}
                    slotProps={{ input: { 'aria-label': `${t('consoleImport.include')} ${e.key}` } }}
                  />
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {e.key || '—'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('consoleImport.line', { line: e.line })}
                    {r && ` · @${r.entryType}`}
                  </Typography>
                </TableCell>
                <TableCell sx={{ maxWidth: 480 }}>
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
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    disabled={!usable}
                    value={c.area}
                    onChange={(ev) => choose(i, { area: ev.target.value })}
                    aria-label={t('consoleImport.area')}
                  >
                    {areas.map((a) => (
                      <MenuItem key={a.value} value={a.value}>
                        {enumLabel(areas, a.value, lang)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  {e.duplicateOf ? (
                    <>
                      <Typography variant="caption" color="warning.main" component="p">
                        {t(e.duplicateOf.by === 'doi' ? 'consoleImport.sameDoi' : 'consoleImport.sameTitle', { pid: e.duplicateOf.pid })}
                      </Typography>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        disabled={!usable}
                        value={c.duplicate}
                        onChange={(ev) => choose(i, { duplicate: ev.target.value as DuplicateAction, on: true })}
                        aria-label={t('consoleImport.duplicate')}
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
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
