import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useT } from '../i18n/index.tsx';

// Items that are not a declared resource's records (activity entries, trash entries) as a table, or on a
// phone as cards: one heading, then each other column as a term and its value, and the actions at the foot.
// The generic resource screen (resource-screen.tsx) draws its own, with its pages, numbers and selection.

export type ListColumn<T> = {
  key: string;
  label: string;
  cell: (item: T) => ReactNode;
  /** Text that may be long: it wraps in the table instead of widening it. */
  wide?: boolean;
  /** Left out of a card where it is empty. */
  optional?: boolean;
};

export function RecordList<T>({
  items,
  keyOf,
  columns,
  head = columns[0]?.key,
  label,
  empty,
  actions,
}: {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  columns: readonly ListColumn<T>[];
  /** The column that heads a card (the first unless given). */
  head?: string;
  label: string;
  empty: ReactNode;
  /** A last column of buttons for each item. */
  actions?: (item: T) => ReactNode;
}) {
  const { t } = useT();
  const phone = !useMediaQuery('(min-width:600px)', { noSsr: true });

  if (phone) {
    const heading = columns.find((c) => c.key === head);
    const rest = columns.filter((c) => c !== heading);
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {items.length === 0 && (
          <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
            {empty}
          </Paper>
        )}
        {items.map((item) => (
          <Paper component="li" key={keyOf(item)} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {heading?.cell(item)}
            </Typography>
            <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, rowGap: 0.25 }}>
              {rest.map((c) => {
                const value = c.cell(item);
                if (c.optional && (value === '' || value == null)) return null;
                return (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
            {actions && <Box sx={{ mt: 1, ml: -0.5 }}>{actions(item)}</Box>}
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    // a table wider than the screen scrolls: its region is reached by keyboard to scroll it (axe's scrollable-region-focusable)
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
            {actions && <TableCell>{t('console.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (actions ? 1 : 0)}>{empty}</TableCell>
            </TableRow>
          )}
          {items.map((item) => (
            <TableRow key={keyOf(item)} hover>
              {columns.map((c) => (
                <TableCell key={c.key} sx={c.wide ? { minWidth: 140, maxWidth: 380, overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}>
                  {c.cell(item)}
                </TableCell>
              ))}
              {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(item)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
