import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { info } from '../../../common/resources/info.ts';
import { api, ApiFailure } from '../../console/api.ts';
import { MarkdownField, MarkdownView } from '../../console/markdown-field.tsx';
import { validate } from '../../console/resource-screen.tsx';
import { useConfirm, useNotify } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';
import type { StoredSession } from '../../lib/session.ts';

// SPEC §2 console/info: tabbed info pages (one tab per aspect, by `order`), shown as rendered markdown.
// Administrators also add (order = current count, the new last tab is selected), delete (the first tab
// is selected), sort in a drag-and-drop dialog (order = position; cancel keeps the previous order) and
// edit: the current tab becomes the markdown editor and the button 'save and preview' sends the whole
// list (PUT /api/info/, SPEC §4/§7) and returns to view mode. Members only read; the server refuses
// their writes anyway (SPEC §6).

type InfoPage = { iid: number; aspect: string; markdown: string; order: number };

const byOrder = (a: InfoPage, b: InfoPage) => a.order - b.order || a.iid - b.iid;
/** What PUT /api/info/ takes for each page. */
const wire = (p: InfoPage) => ({ iid: p.iid, aspect: p.aspect, markdown: p.markdown, order: p.order });
const same = (a: InfoPage[], b: InfoPage[]) => a.length === b.length && a.every((p, i) => JSON.stringify(wire(p)) === JSON.stringify(wire(b[i] as InfoPage)));

export default function InfoScreen() {
  const { t, lang } = useT();
  const { session } = useOutletContext<{ session: StoredSession }>();
  const admin = session.authority === 'admin';
  const notify = useNotify();
  const confirm = useConfirm();
  const ids = useId();
  const list = useQuery({ queryKey: [info.name], queryFn: () => api.get<InfoPage[]>(info.path) });
  const stored = useMemo(() => [...(list.data ?? [])].sort(byOrder), [list.data]);

  const [selected, setSelected] = useState<number | null>(null);
  /** The whole list being edited (edit mode), or null (view mode). */
  const [draft, setDraft] = useState<InfoPage[] | null>(null);
  const [aspectError, setAspectError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [sorting, setSorting] = useState(false);
  /** Mounts the sort dialog afresh at each opening. */
  const [sortRound, setSortRound] = useState(0);

  const pages = draft ?? stored;
  const current = pages.find((p) => p.iid === selected) ?? pages[0];
  const dirty = draft !== null && !same(draft, stored);

  /** Reloads the list and returns it in tab order. */
  async function reload(): Promise<InfoPage[]> {
    const fresh = await list.refetch();
    return [...(fresh.data ?? [])].sort(byOrder);
  }

  async function add(aspect: string): Promise<Record<string, string>> {
    const body = { iid: -1, aspect: aspect.trim(), markdown: '', order: stored.length };
    const problems = validate(info, 'create', body, lang);
    if (Object.keys(problems).length > 0) return problems;
    const before = new Set(stored.map((p) => p.iid));
    setBusy(true);
    try {
      await api.send('POST', info.path, body);
      notify.ok(t('console.added'));
      const fresh = await reload();
      // the new page is the one that was not there before; it is last by its order
      setSelected((fresh.find((p) => !before.has(p.iid)) ?? fresh.at(-1))?.iid ?? null);
      return {};
    } catch (e) {
      notify.fail(e);
      return e instanceof ApiFailure ? { aspect: e.lines().join('; ') } : {};
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!current || !(await confirm(t('consoleInfo.confirmDelete', { aspect: current.aspect })))) return;
    setBusy(true);
    try {
      await api.del(`${info.path}?iid=${current.iid}`);
      notify.ok(t('console.deleted'));
      const fresh = await reload();
      setSelected(fresh[0]?.iid ?? null);
    } catch (e) {
      notify.fail(e);
    } finally {
      setBusy(false);
    }
  }

  /** Sends the whole list (PUT /api/info/); true when saved. */
  async function saveList(all: InfoPage[]): Promise<boolean> {
    const lines: string[] = [];
    for (const p of all) {
      for (const [field, message] of Object.entries(validate(info, 'update', { aspect: p.aspect, markdown: p.markdown, order: p.order }, lang))) {
        lines.push(`${field}: ${message}`);
      }
    }
    if (lines.length > 0) {
      notify.lines(lines);
      return false;
    }
    setBusy(true);
    try {
      await api.json('PUT', info.path, all.map(wire));
      notify.ok(t('console.saved'));
      await reload();
      return true;
    } catch (e) {
      notify.fail(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function saveAndPreview() {
    if (!draft) return;
    const blank = draft.find((p) => !p.aspect.trim());
    if (blank) {
      setSelected(blank.iid);
      setAspectError(t('console.required'));
    }
    if (await saveList(draft)) {
      setDraft(null);
      setAspectError(undefined);
    }
  }

  async function discard() {
    if (dirty && !(await confirm(t('consoleInfo.confirmDiscard')))) return;
    setDraft(null);
    setAspectError(undefined);
  }

  const change = (patch: Partial<InfoPage>) =>
    setDraft((all) => {
      if (!all) return all;
      return all.map((p) => (p.iid === current?.iid ? { ...p, ...patch } : p));
    });

  const buttons = admin && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {draft ? (
        <>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void saveAndPreview()} disabled={busy}>
            {t('consoleInfo.saveAndPreview')}
          </Button>
          <Button onClick={() => void discard()} disabled={busy}>
            {t('consoleInfo.discard')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={busy || list.isLoading || list.isError}>
            {t('consoleInfo.add')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => void remove()} disabled={busy || !current}>
            {t('consoleInfo.delete')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<SwapVertIcon />}
            onClick={() => {
              setSortRound((n) => n + 1);
              setSorting(true);
            }}
            disabled={busy || stored.length < 2}
          >
            {t('consoleInfo.sort')}
          </Button>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDraft(stored.map((p) => ({ ...p })))} disabled={busy || !current}>
            {t('consoleInfo.edit')}
          </Button>
        </>
      )}
    </Box>
  );

  const tabId = (iid: number) => `${ids}-tab-${iid}`;
  const panelId = `${ids}-panel`;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('consoleInfo.title')}
        </Typography>
        {buttons}
      </Box>

      {list.isLoading ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} />
          <Typography>{t('console.loading')}</Typography>
        </Box>
      ) : list.isError ? (
        <Alert severity="error">{(list.error instanceof ApiFailure ? list.error.lines() : [t('console.failed')]).join('\n')}</Alert>
      ) : !current ? (
        <Alert severity="info">{t(admin ? 'consoleInfo.emptyAdmin' : 'consoleInfo.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <Tabs
            value={current.iid}
            onChange={(_, v: number) => {
              setSelected(v);
              setAspectError(undefined);
            }}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('consoleInfo.tabs')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {pages.map((p) => (
              <Tab key={p.iid} value={p.iid} label={p.aspect || '—'} id={tabId(p.iid)} aria-controls={panelId} sx={{ textTransform: 'none' }} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId} aria-labelledby={tabId(current.iid)} sx={{ p: { xs: 1.5, md: 3 } }}>
            {draft ? (
              <>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                  <Chip size="small" color="primary" label={t('consoleInfo.editing')} />
                  {dirty && <Chip size="small" variant="outlined" color="warning" label={t('consoleInfo.unsaved')} />}
                </Box>
                <TextField
                  label={`${t('consoleInfo.aspect')} *`}
                  value={current.aspect}
                  onChange={(e) => {
                    change({ aspect: e.target.value });
                    setAspectError(undefined);
                  }}
                  error={!!aspectError}
                  helperText={aspectError ?? t('consoleInfo.aspectHint')}
                  size="small"
                  margin="dense"
                  sx={{ width: { xs: '100%', sm: 360 } }}
                  slotProps={{ htmlInput: { maxLength: info.fields.aspect.max } }}
                />
                <MarkdownField
                  key={current.iid}
                  label={t('consoleInfo.content')}
                  value={current.markdown}
                  onChange={(v) => change({ markdown: v })}
                  height={600}
                />
              </>
            ) : current.markdown.trim() ? (
              <MarkdownView value={current.markdown} />
            ) : (
              <Typography color="text.secondary">{t(admin ? 'consoleInfo.blankAdmin' : 'consoleInfo.blank')}</Typography>
            )}
          </Box>
        </Paper>
      )}

      {admin && (
        <>
          <AddDialog open={adding} busy={busy} onClose={() => setAdding(false)} onAdd={add} />
          <SortDialog
            key={sortRound}
            open={sorting}
            pages={stored}
            busy={busy}
            onClose={() => setSorting(false)}
            onSave={async (ordered) => {
              if (await saveList(ordered.map((p, i) => ({ ...p, order: i })))) setSorting(false);
            }}
          />
        </>
      )}
    </Box>
  );
}

function AddDialog({
  open,
  busy,
  onClose,
  onAdd,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onAdd: (aspect: string) => Promise<Record<string, string>>;
}) {
  const { t } = useT();
  const [aspect, setAspect] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    onClose();
    setAspect('');
    setError(undefined);
  };
  async function submit() {
    const problems = await onAdd(aspect);
    if (Object.keys(problems).length === 0) close();
    else setError(Object.values(problems).join('; '));
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="info-add-title">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="info-add-title">{t('consoleInfo.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={`${t('consoleInfo.aspect')} *`}
            value={aspect}
            onChange={(e) => {
              setAspect(e.target.value);
              setError(undefined);
            }}
            error={!!error}
            helperText={error ?? t('consoleInfo.aspectHint')}
            slotProps={{ htmlInput: { maxLength: info.fields.aspect.max } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('console.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('console.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function SortDialog({
  open,
  pages,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  pages: InfoPage[];
  busy: boolean;
  onClose: () => void;
  onSave: (ordered: InfoPage[]) => Promise<void>;
}) {
  const { t } = useT();
  const narrow = !useMediaQuery('(min-width:600px)', { noSsr: true });
  // the order being arranged: the dialog is mounted afresh at every opening, from the stored order, so
  // cancel leaves the previous order as it was
  const [items, setItems] = useState<InfoPage[]>(pages);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const aspectOf = (id: unknown) => items.find((p) => p.iid === Number(id))?.aspect ?? '';
  const position = (id: unknown) => items.findIndex((p) => p.iid === Number(id)) + 1;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    setItems((all) =>
      arrayMove(
        all,
        all.findIndex((p) => p.iid === Number(active.id)),
        all.findIndex((p) => p.iid === Number(over.id)),
      ),
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="info-sort-title" aria-describedby="info-sort-hint">
      <DialogTitle id="info-sort-title">{t('consoleInfo.sortTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="info-sort-hint" sx={{ mb: 1 }}>
          {t('consoleInfo.sortHint')}
        </DialogContentText>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('consoleInfo.sortHint') },
            announcements: {
              onDragStart: ({ active }) => t('consoleInfo.picked', { aspect: aspectOf(active.id) }),
              onDragOver: ({ active, over }) => (over ? t('consoleInfo.movedTo', { aspect: aspectOf(active.id), n: position(over.id) }) : undefined),
              onDragEnd: ({ active, over }) => (over ? t('consoleInfo.droppedAt', { aspect: aspectOf(active.id), n: position(over.id) }) : undefined),
              onDragCancel: ({ active }) => t('consoleInfo.dragCancelled', { aspect: aspectOf(active.id) }),
            },
          }}
        >
          <SortableContext items={items.map((p) => p.iid)} strategy={verticalListSortingStrategy}>
            <List aria-label={t('consoleInfo.tabs')} sx={{ py: 0 }}>
              {items.map((p, i) => (
                <SortableRow key={p.iid} page={p} index={i} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.cancel')}</Button>
        <Button variant="contained" onClick={() => void onSave(items)} disabled={busy}>
          {t('console.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SortableRow({ page, index }: { page: InfoPage; index: number }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: page.iid });
  return (
    <ListItem
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('consoleInfo.dragHandle', { aspect: page.aspect })}
      data-iid={page.iid}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        mb: 1,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        boxShadow: isDragging ? 3 : 0,
        cursor: isDragging ? 'grabbing' : 'grab',
        touchAction: 'none',
        userSelect: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <DragIndicatorIcon />
      </ListItemIcon>
      <ListItemText primary={page.aspect} secondary={`#${index + 1}`} />
    </ListItem>
  );
}
