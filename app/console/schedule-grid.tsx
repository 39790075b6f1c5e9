import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Fragment, type ReactNode } from 'react';
import { breaksAfter, DAYS, PERIODS, periodTimes, TERM_RE, termOf } from '../../common/schedule.ts';
import { useT } from '../i18n/index.tsx';

// The weekly grid of SPEC §2 (private_time and the console home's time-management view): days Monday
// to Sunday as columns, periods 1 to 15 with their times as rows, the lunch break after period 5 and
// the evening break after period 11 drawn between them. Each screen fills the cells; on a narrow
// screen the grid scrolls sideways inside its own box, never the page.

type T = ReturnType<typeof useT>['t'];

const dayName = (t: T, day: number) => t(`consoleTime.day${day as 1 | 2 | 3 | 4 | 5 | 6 | 7}`);
const periodTime = (period: number) => (periodTimes[period - 1] ?? ['', '']).join('–');

/** "Mon period 3 08:50–09:35" (the accessible name of a cell). */
export const cellName = (t: T, day: number, period: number) => t('consoleTime.cell', { day: dayName(t, day), n: period, time: periodTime(period) });

function termLabel(t: T, term: string): string {
  const m = TERM_RE.exec(term);
  if (!m) return term;
  return t('consoleTime.termLabel', { a: m[1] ?? '', b: m[2] ?? '', s: m[3] ?? '' }) + (term === termOf() ? t('consoleTime.current') : '');
}

/** Terms newest first, without duplicates. */
export const sortTerms = (terms: Iterable<string>) => [...new Set(terms)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));

export function TermSelect({ value, terms, onChange }: { value: string; terms: string[]; onChange: (term: string) => void }) {
  const { t } = useT();
  return (
    <TextField
      select
      size="small"
      label={t('consoleTime.term')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 240, maxWidth: '100%' }}
    >
      {terms.map((term) => (
        <MenuItem key={term} value={term}>
          {termLabel(t, term)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const days = Array.from({ length: DAYS }, (_, i) => i + 1);
const periods = Array.from({ length: PERIODS }, (_, i) => i + 1);

export function ScheduleGrid({ label, cell }: { label: string; cell: (day: number, period: number) => ReactNode }) {
  const { t } = useT();
  const breakRow = (text: string) => (
    <tr>
      <Box
        component="td"
        colSpan={DAYS + 1}
        sx={{ p: 0.25, textAlign: 'center', fontSize: 12, color: 'text.secondary', bgcolor: 'action.hover', borderRadius: 0.5, letterSpacing: 2 }}
      >
        {text}
      </Box>
    </tr>
  );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%', WebkitOverflowScrolling: 'touch' }} role="region" aria-label={label} tabIndex={0}>
      <Box
        component="table"
        sx={{
          width: '100%',
          minWidth: 340,
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: '3px',
          '& th': { fontWeight: 600, fontSize: 13, p: 0.5 },
          '& td': { p: 0 },
        }}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{label}</caption>
        <colgroup>
          <col style={{ width: 64 }} />
          {days.map((d) => (
            <col key={d} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {t('consoleTime.periodHead')}
            </Box>
            {days.map((d) => (
              <Box component="th" scope="col" key={d} sx={{ textAlign: 'center', whiteSpace: 'nowrap', color: d > 5 ? 'secondary.main' : 'text.primary' }}>
                {dayName(t, d)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <Fragment key={p}>
              <tr>
                <Box
                  component="th"
                  scope="row"
                  sx={{ textAlign: 'left', lineHeight: 1.1, whiteSpace: 'nowrap' }}
                  aria-label={`${t('consoleTime.period', { n: p })} ${periodTime(p)}`}
                >
                  <Box component="span" sx={{ display: 'block' }}>
                    {p}
                  </Box>
                  <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: 11, color: 'text.secondary' }}>
                    {periodTimes[p - 1]?.[0]}
                    <br />
                    {periodTimes[p - 1]?.[1]}
                  </Box>
                </Box>
                {days.map((d) => (
                  <td key={d}>{cell(d, p)}</td>
                ))}
              </tr>
              {p === breaksAfter.lunch && breakRow(t('consoleTime.lunch'))}
              {p === breaksAfter.evening && breakRow(t('consoleTime.evening'))}
            </Fragment>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
