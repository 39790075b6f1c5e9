import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestoreIcon from '@mui/icons-material/Restore';
import SaveIcon from '@mui/icons-material/Save';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { checkNames, type NamePreview, type NameVersion, type NameVersionRow, pastedNames } from '../../../common/advisor.ts';
import { nameLists } from '../../../common/enums.ts';
import { LoadFailure } from '../../advisor/load-failure.tsx';
import { api } from '../../console/api.ts';
import { useAction } from '../../console/ui.tsx';
import { FileButton } from '../../console/uploads.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 advisor info, the name-list checker: choose a list, paste who has submitted (one name per
// line), see the totals and who is missing. The lists are the advisor's own data, edited below the checker;
// an imported file is previewed (the names read, who comes and goes) and saved only on confirm, and each
// list replaced is kept as an earlier version that can be restored (docs/advisor.md).

type Lists = { info: Record<string, string[]>; col_name_dict: Record<string, { zh: string; en: string }> };

export default function NameCheckScreen() {
  const { t, lang } = useT();
  const { advisor } = useParams();
  const path = `/api${advisor}/info/`;
  const lists = useQuery({ queryKey: ['names', advisor], queryFn: () => api.get<Lists>(path) });
  const [list, setList] = useState<string>(nameLists[0].value);
  const [pasted, setPasted] = useState('');

  const names = lists.data?.info[list] ?? [];
  const result = checkNames(names, pastedNames(pasted));
  const label = (value: string) => lists.data?.col_name_dict[value]?.[lang] ?? nameLists.find((l) => l.value === value)?.[lang] ?? value;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('advisor.info')}
      </Typography>
      {lists.error && <LoadFailure error={lists.error} />}
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <TextField select size="small" label={t('advisor.list')} value={list} onChange={(e) => setList(e.target.value)} sx={{ minWidth: 220 }}>
            {nameLists.map((l) => (
              <MenuItem key={l.value} value={l.value}>
                {label(l.value)} · {t('advisor.people', { n: lists.data?.info[l.value]?.length ?? 0 })}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<RefreshIcon />} onClick={() => void lists.refetch()} disabled={lists.isFetching}>
            {t('advisor.reload')}
          </Button>
        </Box>
        {lists.data && names.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('advisor.emptyList')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label={t('advisor.paste')}
            helperText={t('advisor.pasteHelp')}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            multiline
            minRows={8}
            maxRows={20}
            fullWidth
          />
          <Box aria-live="polite">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} data-testid="check-totals">
              <Chip label={`${t('advisor.total')} ${result.total}`} />
              <Chip color="success" label={`${t('advisor.reported')} ${result.reported}`} />
              <Chip color={result.unreported > 0 ? 'warning' : 'default'} label={`${t('advisor.unreported')} ${result.unreported}`} />
            </Box>
            <Typography variant="subtitle2" component="h2">
              {t('advisor.unreportedNames')}
            </Typography>
            <Typography data-testid="unreported-names" sx={{ mb: 1.5, wordBreak: 'break-all' }}>
              {result.unreportedNames.length > 0 ? result.unreportedNames.join(lang === 'zh' ? '、' : ', ') : t('advisor.none')}
            </Typography>
            {result.notOnList.length > 0 && (
              <Alert severity="warning">
                {t('advisor.notOnList')}
                {t('colon')}
                {result.notOnList.join(lang === 'zh' ? '、' : ', ')}
              </Alert>
            )}
          </Box>
        </Box>
      </Paper>
      {lists.data && <ListEditor key={list} path={path} list={list} label={label(list)} names={names} onSaved={() => lists.refetch()} />}
    </Box>
  );
}

type Pending = { kind: 'import'; preview: NamePreview } | { kind: 'restore'; version: NameVersion };

function ListEditor({ path, list, label, names, onSaved }: { path: string; list: string; label: string; names: string[]; onSaved: () => Promise<unknown> }) {
  const { t, lang } = useT();
  const { busy, run } = useAction();
  // what the advisor typed; null shows the stored list
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? names.join('\n');
  // an import or a restore waiting for the advisor's confirmation: nothing is saved before it
  const [pending, setPending] = useState<Pending | null>(null);
  const versions = useQuery({
    queryKey: ['name-versions', path, list],
    queryFn: () => api.get<{ list: string; versions: NameVersionRow[] }>(`${path}versions/?list=${encodeURIComponent(list)}`),
  });
  const when = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const at = (iso: string) => when.format(new Date(iso));
  const changed = (kind: 'save' | 'import' | 'restore', added: number, removed: number) => t(`advisor.change.${kind}`, { added, removed });
  const refresh = async () => {
    await Promise.all([onSaved(), versions.refetch()]);
    setDraft(null);
  };

  const save = (body: { names: string }) =>
    run(
      async () => {
        await api.send('PUT', path, { list, names: body.names, origin: 'paste' });
        await refresh();
      },
      () => t('advisor.listSaved'),
    );
  const previewFile = (file: File) =>
    run(async () => setPending({ kind: 'import', preview: (await api.send('POST', `${path}preview/`, { list, file })) as unknown as NamePreview }));
  const previewRestore = (id: number) => run(async () => setPending({ kind: 'restore', version: await api.get<NameVersion>(`${path}versions/${id}/`) }));
  const confirm = (p: Pending) =>
    run(
      async () => {
        if (p.kind === 'import') {
          await api.send('PUT', path, { list, names: p.preview.names.join('\n'), base: p.preview.base, origin: 'import' });
        } else {
          await api.send('POST', `${path}versions/${p.version.id}/restore/`, { base: p.version.base });
        }
        await refresh();
        const c = p.kind === 'import' ? p.preview : p.version;
        return changed(p.kind, c.added.length, c.removed.length);
      },
      (message) => message,
    ).then(() => setPending(null));

  return (
    <Accordion disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="h2">
          {t('advisor.manage')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <TextField
          label={t('advisor.listNames', { list: label })}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          minRows={8}
          maxRows={24}
          fullWidth
          sx={{ mb: 1.5 }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<SaveIcon />} disabled={busy} onClick={() => void save({ names: text })}>
            {t('advisor.saveList')}
          </Button>
          <FileButton label={t('advisor.importNames')} accept=".csv,.xlsx,text/csv" disabled={busy} onFile={(file) => void previewFile(file)} />
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>
          {t('advisor.versions')}
        </Typography>
        {versions.data && versions.data.versions.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('advisor.noVersions')}
          </Typography>
        )}
        <List dense aria-label={t('advisor.versions')} data-testid="name-versions">
          {versions.data?.versions.map((v) => (
            <ListItem key={v.id} disableGutters sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <ListItemText
                sx={{ flex: 1, minWidth: 0 }}
                primary={t('advisor.versionLine', { at: at(v.at), n: v.count, reason: t(`advisor.reason.${v.reason}`) })}
              />
              <Button size="small" startIcon={<RestoreIcon />} disabled={busy} onClick={() => void previewRestore(v.id)} sx={{ flexShrink: 0 }}>
                {t('advisor.restore')}
              </Button>
            </ListItem>
          ))}
        </List>
      </AccordionDetails>
      {pending && (
        <NameChangeDialog
          pending={pending}
          title={pending.kind === 'import' ? t('advisor.previewTitle') : t('advisor.restoreTitle', { at: at(pending.version.at) })}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm(pending)}
        />
      )}
    </Accordion>
  );
}

/** The names an import read (or a version holds) and what replacing the list with them changes; Cancel saves nothing. */
function NameChangeDialog({
  pending,
  title,
  busy,
  onCancel,
  onConfirm,
}: {
  pending: Pending;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, lang } = useT();
  const narrow = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const c = pending.kind === 'import' ? pending.preview : pending.version;
  const join = (list: string[]) => list.join(lang === 'zh' ? '、' : ', ');
  const source = pending.kind === 'import' ? pending.preview.source : null;
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby="name-change-title">
      <DialogTitle id="name-change-title">{title}</DialogTitle>
      <DialogContent>
        {source && (
          <Alert severity={source.kind === 'guess' ? 'warning' : 'info'} sx={{ mb: 1.5 }} data-testid="name-source">
            {source.kind === 'header'
              ? t('advisor.fromHeader', { column: source.column, header: source.header, row: source.row })
              : source.kind === 'guess'
                ? t('advisor.fromGuess', { column: source.column })
                : t('advisor.fromPaste')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} data-testid="name-change">
          <Chip label={t('advisor.people', { n: c.names.length })} />
          <Chip color="success" variant="outlined" label={t('advisor.nAdded', { n: c.added.length })} />
          <Chip color={c.removed.length > 0 ? 'warning' : 'default'} variant="outlined" label={t('advisor.nRemoved', { n: c.removed.length })} />
          <Chip variant="outlined" label={t('advisor.nKept', { n: c.kept })} />
        </Box>
        {c.added.length === 0 && c.removed.length === 0 && <Alert severity="info">{t('advisor.noChange')}</Alert>}
        {c.added.length > 0 && (
          <Typography sx={{ mb: 1, wordBreak: 'break-all' }} data-testid="names-added">
            <strong>{t('advisor.addedNames')}:</strong> {join(c.added)}
          </Typography>
        )}
        {c.removed.length > 0 && (
          <Typography sx={{ mb: 1, wordBreak: 'break-all' }} data-testid="names-removed">
            <strong>{t('advisor.removedNames')}:</strong> {join(c.removed)}
          </Typography>
        )}
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('advisor.namesRead')}
        </Typography>
        <Typography variant="body2" sx={{ maxHeight: 160, overflowY: 'auto', wordBreak: 'break-all' }} data-testid="names-read">
          {join(c.names)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('advisor.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm} disabled={busy}>
          {pending.kind === 'import' ? t('advisor.confirmImport') : t('advisor.confirmRestore')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
