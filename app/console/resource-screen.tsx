import AddIcon from '@mui/icons-material/Add';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, useOutletContext, useSearchParams } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { type ListParams, missingPairs } from '../../common/list-params.ts';
import { type Access, defaults, fieldLabel, missingLanguages, type ResourceDef } from '../../common/resource.ts';
import type { StoredSession } from '../lib/session.ts';
import { useT } from '../i18n/index.tsx';
import { ApiFailure, api, listQuery } from './api.ts';
import { type Column, columnsOf, type Row } from './columns.tsx';
import { FieldInput } from './fields.tsx';
import { bodyOf, editorFields, useCheck } from './forms.ts';
import { FilterBox, PAGE_SIZES, pageQuery, usePageSize } from './list-controls.tsx';
import { openPreview, savedPreview } from './preview.ts';
import { HistoryButton } from './history-dialog.tsx';
import { SortDialog } from './sort-dialog.tsx';
import { createdTools, rowTools, screenTools } from './screen-tools.tsx';
import { AdminOnly, useAction, useConfirm, usePaginationLabels } from './ui.tsx';
import { at } from '../lib/base.ts';

// One table and one editor serve every declared resource (SPEC §4 "Editors"): add opens a blank record
// (id -1), edit opens a copy; saving creates or updates by id, closes (but for kept-open updates) and
// reloads. The form is checked with the very schema the server uses before anything is sent. What the
// screen shows (title, columns, editor fields and place, switches) comes from the declaration's
// `listColumns` and `console`; a screen of its own may say otherwise through the props.
// The address names the record being edited (?edit=<id>): a link (the quick search's) opens its editor
// once the list has loaded, and closing the editor takes the parameter away.

export type { Column, Row };
export type RowAction = {
  key: string;
  label: (row: Row) => string;
  /** The confirmation question; none means no dialog. */
  confirm?: (row: Row) => string;
  /** A single-field update or other call; the screen reloads after it. */
  run: (row: Row) => Promise<unknown>;
  /** The green message after success. */
  done: (row: Row) => string;
  color?: 'primary' | 'error' | 'secondary';
};

/** The history state of an address the editor wrote itself (?edit= as it opens and closes), which it does not read back. */
const EDITOR_STATE = { editor: true } as const;

type Props = {
  res: ResourceDef;
  /** The screen's heading (the declaration's label unless given). */
  title?: string;
  columns?: Column[];
  /** Fields the editor shows, in order (default: every declared field). */
  fields?: readonly string[];
  actions?: RowAction[];
  /** Where the editor opens: beside the table, below it, or in a dialog. */
  layout?: 'side' | 'below' | 'dialog';
  keepOpenOnUpdate?: boolean;
  sort?: (rows: Row[]) => Row[];
  /** A value the editor's defaults get on top of the declaration's (e.g. today's date). */
  newRecord?: () => Row;
  canDelete?: (row: Row) => boolean;
  canAdd?: boolean;
};

/** Whether the reader may do what a resource's declared `access` allows (as the server does): an administrator anything. */
function useAllowed(): (access: Access) => boolean {
  // the console frame's login (session.ts); a screen drawn outside the frame (a test) is a member's
  const session = useOutletContext<{ session?: StoredSession } | undefined>()?.session;
  return (access) => access === 'member' || session?.authority === 'admin';
}

/** The list's switches of a declaration's boolean fields (publish / unpublish…), each after a confirmation. */
function toggleActions(res: ResourceDef, lang: Lang, succeeded: string): RowAction[] {
  return (res.console?.toggles ?? []).flatMap((field) => {
    const toggle = res.fields[field]?.toggle;
    if (!toggle) return [];
    const verb = (row: Row) => toggle[row[field] ? 'off' : 'on'][lang];
    return [
      {
        key: field,
        label: verb,
        confirm: (row: Row) => toggle[row[field] ? 'confirmOff' : 'confirmOn'][lang],
        run: (row: Row) => api.send('PUT', `${res.path}?${res.id}=${String(row[res.id])}`, { [field]: !row[field] }),
        done: (row: Row) => `${verb(row)} ${succeeded}`,
        // the first switch is the main one; the others are set apart by colour
        color: field === res.console?.toggles?.[0] ? 'primary' : 'secondary',
      } satisfies RowAction,
    ];
  });
}

/**
 * The actions' column keeps to the right edge of the table while the rest scrolls under it: with a side
 * editor open at 1280 px the table is narrower than its columns, and the buttons were cut off (issue #28).
 */
const stickyActions = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `-1px 0 0 ${theme.palette.divider}`,
} as const;

export function ResourceScreen({
  res,
  title: heading,
  columns: given,
  fields,
  actions: extra,
  layout,
  keepOpenOnUpdate,
  sort,
  newRecord,
  canDelete,
  canAdd: addable = true,
}: Props) {
  const { t, lang } = useT();
  const paginationLabels = usePaginationLabels();
  const view = res.console;
  const title = heading ?? res.label[lang];
  const columns = given ?? columnsOf(res, lang);
  const actions = extra ?? toggleActions(res, lang, t('console.succeeded'));
  const place = layout ?? view?.editor ?? 'below';
  const keepOpen = keepOpenOnUpdate ?? view?.keepOpenOnUpdate ?? false;
  const confirm = useConfirm();
  const check = useCheck();
  // a refusal names each field by its declared label in the reader's language (issue #28)
  const { busy: saving, run } = useAction((field) => fieldLabel(res, field, lang));
  const queryClient = useQueryClient();
  const narrow = !useMediaQuery('(min-width:800px)', { noSsr: true });
  // on a phone the list is a column of cards that fit the screen, actions within reach
  const phone = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const allowed = useAllowed();
  const canAdd = addable && allowed(res.access.create);
  const [page, setPage] = useState(0);
  // the list's filter, sort and page size (issue #28): asked of the server, one page at a time
  const [q, setQ] = useState('');
  // the records lacking English or Chinese (issue #27, point 3), for a resource with bilingual pairs
  const pairs = missingPairs(res);
  const [missing, setMissing] = useState<Lang | ''>('');
  const [sorting, setSorting] = useState<{ sort: string; order: 'asc' | 'desc' } | null>(null);
  const [pageSize, setPageSize] = usePageSize(res.name);
  const [editing, setEditing] = useState<Row | null>(null);
  // a restored version remounts the form, so fields that keep state of their own start from its values
  const [restores, setRestores] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const listParams: ListParams = { ...(q ? { q } : {}), ...(missing ? { missing } : {}), ...(sorting ?? {}), limit: pageSize, offset: page * pageSize };
  /** A record's marks: the languages it lacks, a text written in the other language only. */
  const marks = (row: Row) =>
    pairs.length === 0
      ? null
      : missingLanguages(row, pairs).map((l) => (
          <Chip key={l} size="small" variant="outlined" color="warning" label={t(`console.missing.${l}`)} sx={{ ml: 0.5, height: 20, fontSize: '0.7rem' }} />
        ));
  const list = useQuery({ ...pageQuery(res, listParams), enabled: allowed(res.access.read) });
  const rows = sort ? sort(list.data?.rows ?? []) : (list.data?.rows ?? []);
  const total = list.data?.total ?? 0;
  // a page past the end (its last records deleted, or filtered away): the last page there is
  useEffect(() => {
    if (list.data && page > 0 && page * pageSize >= total) setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [list.data, page, pageSize, total]);
  const shown = editorFields(res, fields ?? view?.editorFields ?? Object.keys(res.fields));
  const id = (row: Row) => Number(row[res.id] ?? -1);
  const reload = () => queryClient.invalidateQueries({ queryKey: [res.name] });
  const Tools = screenTools[res.name];
  const RowTool = rowTools[res.name];
  const Created = createdTools[res.name];
  // a create's answer, for what the screen shows once after it (a new person's invitation link)
  const [created, setCreated] = useState<{ header: (name: string) => string | null; record: Row } | null>(null);
  // an ordered list (its declaration's `ordered`) is reordered by dragging, in a dialog mounted afresh each time
  // the reorder dialog (console1's sort dialog): open while > 0, with the whole list, not the page shown
  const [reordering, setReordering] = useState(0);
  const whole = useQuery({ ...listQuery(res), enabled: reordering > 0 });

  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const wanted = params.get('edit');
  // The address names the record being edited (?edit=), so a reload or a link opens it. The screen writes it as
  // the editor opens and closes, marked as its own (EDITOR_STATE), and reads it only when it came from elsewhere:
  // the screen's first address, a link (the quick search, the trash, the bare screen in the menu), back or forward.
  // An address the screen wrote lands only after the root loader answers, and on a busy browser React may draw
  // it later still, after the next click: read back, a close's address drawn after the next Edit closed that
  // editor again within the same moment (which also left MUI's dialog hiding the whole page from the
  // accessibility tree). Each address is read once (its key).
  const asked = useRef<string | null>(wanted);
  const read = useRef<string | null>(null);
  const reveal = useRef(false);
  const setWanted = (next: string | null) => {
    if (next === asked.current) return;
    asked.current = next;
    setParams(
      (cur) => {
        const out = new URLSearchParams(cur);
        if (next === null) out.delete('edit');
        else out.set('edit', next);
        return out;
      },
      { replace: true, state: EDITOR_STATE },
    );
  };

  // by keyboard (issue #28): an opened editor takes the focus (its first field), and a closed one gives it back to
  // what opened it (the row's Edit button); MUI's Dialog and Drawer would give it back, the side editor would not
  const opener = useRef<HTMLElement | null>(null);
  const focusFirst = useRef(false);
  const open = (row: Row | null) => {
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
    focusFirst.current = true;
    setErrors({});
    setEditing(row ? { ...row } : { ...defaults(res), ...(newRecord?.() ?? {}), [res.id]: -1 });
    setWanted(row ? String(row[res.id]) : null);
  };
  const close = () => {
    setEditing(null);
    setWanted(null);
    const back = opener.current;
    opener.current = null;
    if (back) requestAnimationFrame(() => back.isConnected && back.focus());
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each address read once, when the list is there
  useEffect(() => {
    if (location.key === read.current) return;
    // a record named before its list is there: followed when it comes
    if (wanted !== null && !list.data) return;
    const first = read.current === null;
    read.current = location.key;
    const own = !first && navigationType !== 'POP' && (location.state as typeof EDITOR_STATE | null)?.editor === true;
    if (own) return;
    asked.current = wanted;
    if (wanted === null) {
      // taken away by a link to the bare screen: the address says no record is being edited
      setEditing((cur) => (cur && id(cur) !== -1 ? null : cur));
      return;
    }
    const row = rows.find((r) => String(r[res.id]) === wanted);
    reveal.current = true;
    if (row) {
      open(row);
      return;
    }
    // on another page of the list: read by its id (a record that is not there closes the editor)
    api.get<Row>(`${res.path}?${res.id}=${encodeURIComponent(wanted)}`).then(
      (found) => open(found),
      () => setWanted(null),
    );
  }, [location.key, list.data]);

  // a refusal the server gives per field is shown beside the field too
  const showRefusal = (e: unknown) => {
    if (e instanceof ApiFailure && e.fields) setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, ms]) => [k, ms.join('; ')])));
  };

  async function save() {
    if (!editing) return;
    const mode = id(editing) === -1 ? 'create' : 'update';
    const body = bodyOf(res, editing, shown);
    const problems = check(res, mode, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await run(
      async () => {
        if (mode === 'create') {
          const header = await api.sendReading('POST', res.path, body);
          if (Created) setCreated({ header, record: { ...editing } });
        } else await api.send('PUT', `${res.path}?${res.id}=${id(editing)}`, body);
        await reload();
        if (mode === 'update' && keepOpen) setEditing({ ...(await api.get<Row>(`${res.path}?${res.id}=${id(editing)}`)) });
        else close();
      },
      () => t(mode === 'create' ? 'console.added' : 'console.modified'),
      showRefusal,
    );
  }

  /** The editor's unsaved fields in a new tab, as the public page shows them, after the same check as a save. */
  function preview(previewLang: Lang) {
    if (!editing) return;
    const mode = id(editing) === -1 ? 'create' : 'update';
    const body = bodyOf(res, editing, shown);
    const problems = check(res, mode, body);
    setErrors(problems);
    if (Object.keys(problems).length === 0) openPreview(res, id(editing), body, previewLang);
  }

  /** After a version was restored (history-dialog.tsx): the list and the open record read again. */
  async function restored(at: number) {
    await reload();
    const fresh = await api.get<Row>(`${res.path}?${res.id}=${at}`);
    setErrors({});
    setEditing((cur) => (cur && id(cur) === at ? { ...fresh } : cur));
    setRestores((n) => n + 1);
  }

  async function remove(row: Row) {
    if (!(await confirm(t('console.confirmDelete')))) return;
    await run(
      async () => {
        await api.del(`${res.path}?${res.id}=${id(row)}`);
        if (editing && id(editing) === id(row)) close();
        await reload();
      },
      () => t('console.deleted'),
    );
  }

  async function act(action: RowAction, row: Row) {
    if (action.confirm && !(await confirm(action.confirm(row)))) return;
    await run(
      async () => {
        await action.run(row);
        await reload();
      },
      () => action.done(row),
    );
  }

  const editor = editing && (
    <Paper
      // another record is another form: its fields start from that record
      key={`${id(editing)}-${restores}`}
      // one opened from the address is brought into view (below a long list, say)
      ref={(el: HTMLElement | null) => {
        if (!el) return;
        if (focusFirst.current) {
          focusFirst.current = false;
          el.querySelector<HTMLElement>('input:not([type=hidden]):not([type=file]):not([disabled]), textarea:not([disabled]), [role="combobox"]')?.focus({
            preventScroll: reveal.current,
          });
        }
        if (!reveal.current) return;
        reveal.current = false;
        el.scrollIntoView({ block: 'nearest' });
      }}
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      aria-label={id(editing) === -1 ? t('console.newItem') : t('console.editing')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {id(editing) === -1 ? t('console.newItem') : `${t('console.editing')} #${id(editing)}`}
        </Typography>
        <HistoryButton res={res} id={id(editing)} size="small" onRestored={() => restored(id(editing))} />
      </Box>
      {shown.map((name) => {
        const def = res.fields[name];
        if (!def) return null;
        return (
          <FieldInput
            key={name}
            name={name}
            def={def}
            value={editing[name]}
            record={editing}
            error={errors[name]}
            onChange={(v) => setEditing((cur) => (cur ? { ...cur, [name]: v } : cur))}
            onFill={(patch) => setEditing((cur) => (cur ? { ...cur, ...patch } : cur))}
          />
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('console.save')}
        </Button>
        {view?.preview &&
          (['zh', 'en'] as const).map((l) => (
            <Button key={l} variant="outlined" startIcon={<VisibilityIcon />} onClick={() => preview(l)}>
              {t('console.publishing.previewIn', { language: l === 'zh' ? '中文' : 'English' })}
            </Button>
          ))}
        <Button onClick={close}>{t('console.close')}</Button>
      </Box>
    </Paper>
  );

  const cellOf = (c: Column, row: Row) => (c.render ? c.render(row) : String(row[c.key] ?? ''));
  const rowActions = (row: Row) => (
    <>
      <Button size="small" onClick={() => open(row)}>
        {t('console.edit')}
      </Button>
      {view?.preview && (
        <Button
          size="small"
          component="a"
          href={at(savedPreview(res, id(row), lang))}
          target="_blank"
          rel="noopener"
          title={t('console.publishing.previewSaved')}
        >
          {t('console.publishing.preview')}
        </Button>
      )}
      {allowed(res.access.update) &&
        actions.map((a) => (
          <Button key={a.key} size="small" color={a.color ?? 'primary'} onClick={() => void act(a, row)}>
            {a.label(row)}
          </Button>
        ))}
      {RowTool && <RowTool row={row} reload={reload} />}
      {allowed(res.access.delete) && (canDelete?.(row) ?? true) && (
        <Button size="small" color="error" onClick={() => void remove(row)}>
          {t('console.delete')}
        </Button>
      )}
    </>
  );
  const pageRows = rows;
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
  const cards = (
    <Box>
      <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.length === 0 && (
          <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
            {list.isLoading ? t('console.loading') : t('console.empty')}
          </Paper>
        )}
        {pageRows.map((row, i) => (
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

  const table = (
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
            {pageRows.map((row, i) => (
              <TableRow key={id(row)} hover selected={!!editing && id(editing) === id(row)}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {first + i + 1}
                  {marks(row)}
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }}>
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
  const listing = phone ? cards : table;

  // a screen the reader may not read (people, for a member): its title and why, nothing they could not do
  if (!allowed(res.access.read)) return <AdminOnly title={title} message={t('console.adminOnly', { what: res.label[lang] })} />;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {canAdd && Tools && <Tools reload={reload} />}
        {canAdd && res.ordered && (
          <Button variant="outlined" startIcon={<SwapVertIcon />} disabled={total < 2} onClick={() => setReordering((n) => n + 1)}>
            {t('consoleWork.sort.button')}
          </Button>
        )}
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
            {t('console.add')}
          </Button>
        )}
      </Box>
      {reordering > 0 && whole.data && (
        <SortDialog key={reordering} res={res} rows={whole.data} title={title} onClose={() => setReordering(0)} onSaved={reload} />
      )}
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
      {Created && created && <Created header={created.header} record={created.record} onClose={() => setCreated(null)} />}
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error instanceof ApiFailure ? list.error.lines().join(' ') : t('console.failed')}
        </Alert>
      )}
      {place === 'side' && !narrow ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: editing ? 'minmax(0, 1fr) minmax(360px, 480px)' : '1fr', gap: 2, alignItems: 'start' }}>
          {listing}
          {editor}
        </Box>
      ) : place === 'dialog' ? (
        <>
          {listing}
          <Dialog open={!!editing} onClose={close} fullWidth maxWidth="lg" fullScreen={narrow}>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>{editor}</DialogContent>
          </Dialog>
        </>
      ) : place === 'side' && narrow ? (
        <>
          {listing}
          <Drawer anchor="right" open={!!editing} onClose={close} slotProps={{ paper: { sx: { width: '100%', maxWidth: 480, p: 1 } } }}>
            {editor}
          </Drawer>
        </>
      ) : (
        <>
          {listing}
          <Box sx={{ mt: 2 }}>{editor}</Box>
        </>
      )}
    </Box>
  );
}
