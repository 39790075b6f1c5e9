import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../i18n/index.tsx';

// The advisor pages' small read-only tables: a caption, columns by key, and pages when `pageSize` is set
// (5 rows in today's reminder table, SPEC §6).

export type Column<R> = { key: string; label: string; value: (row: R) => string };

type Props<R> = { caption: string; rows: R[]; columns: Column<R>[]; rowKey: (row: R) => string; pageSize?: number; empty?: string };

export function SmallTable<R>({ caption, rows, columns, rowKey, pageSize, empty }: Props<R>) {
  const { t } = useT();
  const [page, setPage] = useState(0);
  const last = pageSize ? Math.max(0, Math.ceil(rows.length / pageSize) - 1) : 0;
  const current = Math.min(page, last);
  const shown = pageSize ? rows.slice(current * pageSize, (current + 1) * pageSize) : rows;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0' }}>
          <Typography component="span" variant="subtitle2">
            {caption}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.key}>{c.value(row)}</TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>
                {empty ?? t('advisor.none')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {pageSize && rows.length > pageSize && (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[pageSize]}
          onPageChange={(_, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
        />
      )}
    </Box>
  );
}
