import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Lang } from '../../common/enums.ts';
import { fieldLabel, type ResourceDef } from '../../common/resource.ts';
import { useT } from '../i18n/index.tsx';
import { at } from '../lib/base.ts';
import { ApiFailure, api } from './api.ts';
import { type Column, columnsOf, type Row } from './columns.tsx';
import { bodyOf, editorFields, useCheck } from './forms.ts';
import { openPreview, savedPreview } from './preview.ts';
import { RecordEditor, useEditing } from './resource-screen/editor.tsx';
import { ListFilters, RecordList, useListPage } from './resource-screen/list.tsx';
import { type RowAction, ScreenHeader, toggleActions, useAllowed } from './resource-screen/tools.tsx';
import { createdTools, rowTools } from './screen-tools.tsx';
import { AdminOnly, useAction, useConfirm } from './ui.tsx';

// One table and one editor serve every declared resource (SPEC §4 "Editors"): add opens a blank record
// (id -1), edit opens a copy; saving creates or updates by id, closes (but for kept-open updates) and
// reloads. The form is checked with the very schema the server uses before anything is sent. What the
// screen shows (title, columns, editor fields and place, switches) comes from the declaration's
// `listColumns` and `console`; a screen of its own may say otherwise through the props. The parts are in
// resource-screen/: the list, the editor (with the address that names its record) and the tools.

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
  const view = res.console;
  const title = heading ?? res.label[lang];
  const columns = given ?? columnsOf(res, lang);
  const actions = extra ?? toggleActions(res, lang, t('console.succeeded'));
  const place = layout ?? view?.editor ?? 'below';
  const keepOpen = keepOpenOnUpdate ?? view?.keepOpenOnUpdate ?? false;
  const confirm = useConfirm();
  const check = useCheck();
  // a refusal names each field by its declared label in the reader's language
  const { busy: saving, run } = useAction((field) => fieldLabel(res, field, lang));
  const queryClient = useQueryClient();
  const narrow = !useMediaQuery('(min-width:800px)', { noSsr: true });
  // on a phone the list is a column of cards that fit the screen, actions within reach
  const phone = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const allowed = useAllowed();
  const canAdd = addable && allowed(res.access.create);
  const listPage = useListPage(res, sort, allowed(res.access.read));
  const { list, rows, total } = listPage;
  const shown = editorFields(res, fields ?? view?.editorFields ?? Object.keys(res.fields));
  const id = (row: Row) => Number(row[res.id] ?? -1);
  const reload = () => queryClient.invalidateQueries({ queryKey: [res.name] });
  const RowTool = rowTools[res.name];
  const Created = createdTools[res.name];
  // a create's answer, for what the screen shows once after it (a new person's invitation link)
  const [created, setCreated] = useState<{ header: (name: string) => string | null; record: Row } | null>(null);
  const { editing, setEditing, setRestores, restores, errors, setErrors, open, close, focusFirst, reveal } = useEditing({
    res,
    rows,
    listData: list.data,
    newRecord,
  });

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
    <RecordEditor
      // another record is another form: its fields start from that record
      key={`${id(editing)}-${restores}`}
      res={res}
      editing={editing}
      setEditing={setEditing}
      shown={shown}
      errors={errors}
      setErrors={setErrors}
      saving={saving}
      focusFirst={focusFirst}
      reveal={reveal}
      onSave={() => void save()}
      onPreview={view?.preview ? preview : undefined}
      onRestored={() => restored(id(editing))}
      onClose={close}
    />
  );

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
  const listing = <RecordList listPage={listPage} title={title} columns={columns} phone={phone} id={id} editing={editing} rowActions={rowActions} />;

  // a screen the reader may not read (people, for a member): its title and why, nothing they could not do
  if (!allowed(res.access.read)) return <AdminOnly title={title} message={t('console.adminOnly', { what: res.label[lang] })} />;

  return (
    <Box>
      <ScreenHeader res={res} title={title} canAdd={canAdd} total={total} reload={reload} onAdd={() => open(null)} />
      <ListFilters listPage={listPage} columns={columns} />
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
