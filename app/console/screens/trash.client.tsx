import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ResourceDef } from '../../../common/resource.ts';
import { resources, site } from '../../../common/resources/index.ts';
import type { TrashItem, TrashList } from '../../../common/wire.ts';
import { useActivityLabels } from '../../console/activity-log.tsx';
import { ApiFailure, api, request } from '../../console/api.ts';
import { editorAddress } from '../../console/record-targets.ts';
import { isAdmin, useSession } from '../../console/session.ts';
import { type ListColumn, RecordList } from '../../console/record-list.tsx';
import { AdminOnly, useAction, useConfirm } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';

// The trash, for administrators: the records deleted from every resource that keeps
// history, most recent first, each with its kind (its declaration's label), title, who deleted it, when,
// and how many stored files it keeps. A restore puts it back under its own id, then links to its editor;
// emptying the trash deletes everything in it for good, after the administrator types a word. What is
// older than the server's TRASH_DAYS is purged by the server itself. A member is refused here (and by
// the server), and has no drawer entry.

const declared: readonly ResourceDef[] = [...Object.values(resources), site];

type Restored = { title: string; address: string };

export default function TrashScreen() {
  const { t, lang } = useT();
  const session = useSession();
  const labels = useActivityLabels();
  const confirm = useConfirm();
  const { busy, run } = useAction();
  const queryClient = useQueryClient();
  const _phone = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const admin = isAdmin(session);
  const trash = useQuery({ queryKey: ['trash'], queryFn: () => api.get<TrashList>('/api/trash/'), enabled: admin });
  const [restored, setRestored] = useState<Restored | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [emptying, setEmptying] = useState(false);

  const title = t('console.trash.title');
  if (!admin) {
    return <AdminOnly title={title} message={t('console.trash.adminOnly')} />;
  }

  const items = trash.data?.items ?? [];
  const nameOf = (item: TrashItem) => item.title || t('console.trash.untitled');

  async function restore(item: TrashItem) {
    if (!(await confirm(t('console.trash.confirmRestore', { title: nameOf(item) })))) return;
    setRestored(null);
    setRefusal(null);
    const res = declared.find((r) => r.name === item.resource);
    await run(
      async () => {
        await api.json('POST', `/api/trash/${item.tid}/restore/`, {});
        await queryClient.invalidateQueries({ queryKey: ['trash'] });
        // the resource's list (api.ts, listQuery) is read afresh, so the editor's link finds the record in it
        await queryClient.resetQueries({ queryKey: [item.resource] });
        if (res) setRestored({ title: nameOf(item), address: editorAddress(res, item.record) });
      },
      () => t('console.trash.restored', { title: nameOf(item) }),
      // a username or slug taken since: said by field, with the declaration's labels
      (e) => {
        if (!(e instanceof ApiFailure && e.fields)) return;
        const label = (f: string) => res?.fields[f]?.label[lang] ?? f;
        setRefusal(e.lines(label));
      },
    );
  }

  const columns: ListColumn<TrashItem>[] = [
    { key: 'kind', label: t('console.trash.kind'), cell: (item) => labels.object(item.resource) },
    { key: 'name', label: t('console.trash.name'), cell: nameOf, wide: true },
    { key: 'by', label: t('console.trash.deletedBy'), cell: (item) => item.actor || t('console.activity.someone') },
    { key: 'at', label: t('console.trash.deletedAt'), cell: (item) => <time dateTime={item.at}>{labels.time(item.at)}</time> },
    { key: 'files', label: t('console.trash.files'), cell: (item) => t('console.trash.fileCount', { n: item.files }) },
  ];
  const restoreButton = (item: TrashItem) => (
    <Button
      size="small"
      startIcon={<RestoreFromTrashIcon />}
      disabled={busy}
      onClick={() => void restore(item)}
      aria-label={`${t('console.trash.restore')} ${nameOf(item)}`}
    >
      {t('console.trash.restore')}
    </Button>
  );
  const listing = (
    <RecordList
      items={items}
      keyOf={(item) => item.tid}
      columns={columns}
      head="name"
      label={title}
      empty={trash.isLoading ? t('console.loading') : t('console.trash.empty')}
      actions={restoreButton}
    />
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} disabled={busy || items.length === 0} onClick={() => setEmptying(true)}>
          {t('console.trash.emptyTrash')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('console.trash.intro', { days: trash.data?.days ?? '…' })}
      </Typography>
      {restored && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          onClose={() => setRestored(null)}
          action={
            <Button component={RouterLink} to={restored.address} color="inherit" size="small">
              {t('console.trash.open')}
            </Button>
          }
        >
          {t('console.trash.restored', { title: restored.title })}
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} onClose={() => setRefusal(null)}>
          {refusal.join('\n')}
        </Alert>
      )}
      {trash.isError ? <Alert severity="error">{trash.error instanceof ApiFailure ? trash.error.lines().join(' ') : t('console.failed')}</Alert> : listing}
      {emptying && (
        <EmptyDialog
          count={items.length}
          busy={busy}
          onClose={() => setEmptying(false)}
          onEmpty={() =>
            run(
              async () => {
                const { purged } = await request<{ purged: number }>('DELETE', '/api/trash/');
                await queryClient.invalidateQueries({ queryKey: ['trash'] });
                setRestored(null);
                setEmptying(false);
                return purged;
              },
              (purged) => t('console.trash.emptied', { n: purged }),
            )
          }
        />
      )}
    </Box>
  );
}

/** The strong confirmation: what is lost, and a word to type before the button works. */
function EmptyDialog({ count, busy, onClose, onEmpty }: { count: number; busy: boolean; onClose: () => void; onEmpty: () => Promise<unknown> }) {
  const { t } = useT();
  const [typed, setTyped] = useState('');
  const word = t('console.trash.word');
  const ready = typed.trim().toLowerCase() === word.toLowerCase();
  return (
    <Dialog open onClose={onClose} aria-labelledby="trash-empty-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void onEmpty();
        }}
      >
        <DialogTitle id="trash-empty-title">{t('console.trash.emptyQuestion', { n: count })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('console.trash.emptyWarning')}
          </Alert>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label={t('console.trash.typeToConfirm', { word })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('console.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" startIcon={<DeleteForeverIcon />} disabled={!ready || busy}>
            {t('console.trash.emptyTrash')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
