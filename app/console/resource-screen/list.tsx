import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { Lang } from '../../../common/enums.ts';
import { type ListParams, missingPairs } from '../../../common/list-params.ts';
import { missingLanguages, type ResourceDef } from '../../../common/resource.ts';
import { useT } from '../../i18n/index.tsx';
import type { Column, Row } from '../columns.tsx';
import { FilterBox, PAGE_SIZES, pageQuery, usePageSize } from '../list-controls.tsx';
import { usePaginationLabels } from '../ui.tsx';

// A resource screen's list: one page of records asked of the server with its filter, sort and page size,
// drawn as a table, or on a phone as a column of cards that fit the screen, actions within reach.

/**
 * The actions' column keeps to the right edge of the table while the rest scrolls under it: with a side
 * editor open at 1280 px the table is narrower than its columns, and the buttons were cut off.
 */
const stickyActions = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

/** The page of records shown, and the filter, sort and page size it was asked with. */
export function useListPage(res: ResourceDef, sort: ((rows: Row[]) => Row[]) | undefined, readable: boolean) {
  const [page, setPage] = useState(0);
  // the list's filter, sort and page size: asked of the server, one page at a time
  const [q, setQ] = useState('');
  // the records lacking English or Chinese, for a resource with bilingual pairs
  const pairs = missingPairs(res);
  const [missing, setMissing] = useState<Lang | ''>('');
  const [sorting, setSorting] = useState<{ sort: string; order: 'asc' | 'desc' } | null>(null);
  const [pageSize, setPageSize] = usePageSize(res.name);
  const listParams: ListParams = { ...(q ? { q } : {}), ...(missing ? { missing } : {}), ...(sorting ?? {}), limit: pageSize, offset: page * pageSize };
  const list = useQuery({ ...pageQuery(res, listParams), enabled: readable });
  const rows = sort ? sort(list.data?.rows ?? []) : (list.data?.rows ?? []);
  const total = list.data?.total ?? 0;
  // a page past the end (its last records deleted, or filtered away): the last page there is
  useEffect(() => {
    if (list.data && page > 0 && page * pageSize >= total) setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [list.data, page, pageSize, total]);
  return { page, setPage, q, setQ, pairs, missing, setMissing, sorting, setSorting, pageSize, setPageSize, list, rows, total };
}

export type ListPage = ReturnType<typeof useListPage>;

/** The filters above the list: the records lacking a language (a resource with bilingual pairs) and the text filter. */
export function ListFilters({ listPage, columns }: { listPage: ListPage; columns: Column[] }) {
  const { t, lang } = useT();
  const { pairs, missing, setMissing, q, setQ, setPage } = listPage;
  return (
    <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {pairs.length > 0 && (
        <TextField
          select
          size="small"
          label={t('console.missing.label')}
          value={missing}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            setMissing(e.target.value as Lang | '');
            setPage(0);
          }}
          sx={{ minWidth: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">{t('console.missing.all')}</MenuItem>
          <MenuItem value="en">{t('console.missing.en')}</MenuItem>
          <MenuItem value="zh">{t('console.missing.zh')}</MenuItem>
        </TextField>
      )}
      <FilterBox
        label={columns.map((c) => c.label).join(lang === 'zh' ? '、' : ', ')}
        onChange={(text) => {
          if (text === q) return;
          setQ(text);
          setPage(0);
        }}
      />
    </Box>
  );
}

/** The page of records as a table (or cards on a phone), each row with its actions, and the pagination under it. */
export function RecordList({
  listPage,
  title,
  columns,
  phone,
  id,
  editing,
  rowActions,
}: {
  listPage: ListPage;
  title: string;
  columns: Column[];
  phone: boolean;
  id: (row: Row) => number;
  /** The record open in the editor, whose row is marked. */
  editing: Row | null;
  rowActions: (row: Row) => ReactNode;
}) {
  const { t } = useT();
  const paginationLabels = usePaginationLabels();
  const { page, setPage, pageSize, setPageSize, sorting, setSorting, pairs, list, rows, total } = listPage;
  /** A record's marks: the languages it lacks, a text written in the other language only. */
  const marks = (row: Row) =>
    pairs.length === 0
      ? null
      : missingLanguages(row, pairs).map((l) => (
          <Chip key={l} size="small" variant="outlined" color="warning" label={t(`console.missing.${l}`)} sx={{ ml: 0.5, height: 20, fontSize: '0.7rem' }} />
        ));
  const cellOf = (c: Column, row: Row) => (c.render ? c.render(row) : String(row[c.key] ?? ''));
  const first = page * pageSize;
  const pagination = (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      onPageChange={(_, p) => setPage(p)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onRowsPerPageChange={(e) => {
        setPageSize(Number(e.target.value));
        setPage(0);
      }}
      {...paginationLabels}
    />
  );
  /** A heading's click: sort by its column, ascending first, then descending. */
  const sortBy = (key: string) => {
    setSorting((cur) => ({ sort: key, order: cur?.sort === key && cur.order === 'asc' ? 'desc' : 'asc' }));
    setPage(0);
  };

  const titleColumn = columns.find((c) => c.title) ?? columns[0];
  if (phone)
    return (
      <Box>
        <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {rows.length === 0 && (
            <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
              {list.isLoading ? t('console.loading') : t('console.empty')}
            </Paper>
          )}
          {rows.map((row, i) => (
            <Paper
              component="li"
              key={id(row)}
              variant="outlined"
              sx={{ p: 1.5, minWidth: 0, borderColor: editing && id(editing) === id(row) ? 'primary.main' : undefined }}
            >
              <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 1 }}>
                  {first + i + 1}
                </Typography>
                {titleColumn ? cellOf(titleColumn, row) : null}
                {marks(row)}
              </Typography>
              <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, rowGap: 0.25 }}>
                {columns
                  .filter((c) => c !== titleColumn)
                  .map((c) => (
                    <Box key={c.key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {cellOf(c, row)}
                      </Typography>
                    </Box>
                  ))}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1, ml: -0.5 }}>{rowActions(row)}</Box>
            </Paper>
          ))}
        </Box>
        {pagination}
      </Box>
    );

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.serial')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key} sortDirection={sorting?.sort === c.sort ? sorting?.order : false}>
                  {c.sort ? (
                    <TableSortLabel
                      active={sorting?.sort === c.sort}
                      direction={sorting?.sort === c.sort ? sorting.order : 'asc'}
                      onClick={() => sortBy(c.sort as string)}
                      title={t('console.sortBy', { column: c.label })}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
              <TableCell sx={stickyActions}>{t('console.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 2}>{list.isLoading ? t('console.loading') : t('console.empty')}</TableCell>
              </TableRow>
            )}
            {rows.map((row, i) => (
              <TableRow key={id(row)} hover selected={!!editing && id(editing) === id(row)}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {first + i + 1}
                  {marks(row)}
                </TableCell>
                {columns.map((c) => (
                  // the record's title keeps a readable width (beside an open side editor the table scrolls sideways
                  // rather than wrap a project's title a character a line)
                  <TableCell key={c.key} sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', ...(c.title ? { minWidth: '12em' } : {}) }}>
                    {cellOf(c, row)}
                  </TableCell>
                ))}
                <TableCell sx={stickyActions}>
                  {/* a row with many actions (a person's invitation and two-factor reset) wraps them rather than widen the table */}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', maxWidth: 400 }}>{rowActions(row)}</Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}
