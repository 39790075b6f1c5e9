import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { type ResourceDef, recordTitle } from '../../common/resource.ts';
import type { Version, VersionList } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { useActivityLabels } from './activity-log.tsx';
import { ApiFailure, api } from './api.ts';
import { collapse, diffRecords, type FieldDiff, type Piece, type RecordState, statesOf } from './history-diff.ts';
import { useAction, useConfirm } from './ui.tsx';
import { at } from '../lib/base.ts';

// The History button and dialog of every editor of a record whose declaration keeps
// history: the generic editor (resource-screen.tsx), the profile, the info pages and the site settings.
// The dialog lists the record's forms, the current one on top, each with when and by whom it was made;
// two of them (the chosen version and, unless another is chosen, the current one) are compared field by
// field (history-diff.ts); the chosen version can be restored, after a confirmation.

type Row = Record<string, unknown>;
type Key = RecordState['key'];

type Props = {
  res: ResourceDef;
  id: number;
  /** The fields this screen compares (a profile: its own); every declared one unless given. */
  fields?: readonly string[];
  /** After a restore: the screen reads the record again, so its form shows the restored values. */
  onRestored: () => unknown;
  size?: 'small' | 'medium';
};

/** The History button; nothing where the declaration keeps no history or the record is not saved yet. */
export function HistoryButton({ res, id, fields, onRestored, size = 'medium' }: Props) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (!res.history || id < 0) return null;
  return (
    <>
      <Button variant="outlined" size={size} startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        {t('console.history.button')}
      </Button>
      {open && <HistoryDialog res={res} id={id} fields={fields} onRestored={onRestored} onClose={() => setOpen(false)} />}
    </>
  );
}

// deleted and inserted words: tints over the text's own colour, so they read on light and dark alike
const DEL = 'rgba(211, 47, 47, 0.16)';
const INS = 'rgba(46, 125, 50, 0.18)';
const marks = {
  '& del': { bgcolor: DEL, color: 'inherit', textDecorationColor: 'rgba(198, 40, 40, 0.9)', borderRadius: '2px', px: '1px' },
  '& ins': { bgcolor: INS, color: 'inherit', textDecorationColor: 'rgba(46, 125, 50, 0.9)', borderRadius: '2px', px: '1px' },
  // a replaced word and its replacement stay two words
  '& del + ins': { ml: '0.2em' },
} as const;

function HistoryDialog({ res, id, fields, onRestored, onClose }: Omit<Props, 'size'> & { onClose: () => void }) {
  const { t, lang } = useT();
  const labels = useActivityLabels();
  const confirm = useConfirm();
  const { busy, run } = useAction();
  const queryClient = useQueryClient();
  const narrow = !useMediaQuery('(min-width:800px)', { noSsr: true });
  const ids = useId();
  const base = `/api/history/${res.name}/${id}/`;
  const list = useQuery({ queryKey: ['history', res.name, id], queryFn: () => api.get<VersionList>(base) });
  const states = list.data ? statesOf(list.data.versions) : [];
  const [chosen, setChosen] = useState<Key | null>(null);
  const [against, setAgainst] = useState<Key>('current');
  const [showSame, setShowSame] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  // the chosen version (the newest kept one unless another is chosen) against the current one, or another
  const selected: Key = chosen ?? states[1]?.key ?? 'current';
  const other: Key | undefined = against !== selected ? against : selected === 'current' ? states[1]?.key : 'current';
  const formOf = (key: Key | undefined) => ({
    queryKey: ['history', res.name, id, key],
    queryFn: () => api.get<Version>(`${base}${String(key)}/`).then((v) => v.record),
    enabled: typeof key === 'number',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const selectedForm = useQuery(formOf(selected));
  const otherForm = useQuery(formOf(other));
  const form = (key: Key | undefined, q: { data?: Row | undefined }): Row | undefined => (key === 'current' ? list.data?.current : q.data);

  const stateOf = (key: Key | undefined) => states.find((s) => s.key === key);
  const nameOf = (s: RecordState | undefined): string => {
    if (!s) return '';
    const when = s.made ? labels.time(s.made.at) : t('console.history.earliest');
    return s.key === 'current' ? `${t('console.history.current')} · ${when}` : when;
  };
  const whoOf = (s: RecordState): string =>
    s.made
      ? t('console.history.by', { actor: s.made.actor || t('console.activity.someone') })
      : s.replaced
        ? t('console.history.before', { time: labels.time(s.replaced.at) })
        : '';

  // the older of the two is "before": a diff reads forward in time whichever was chosen first
  const order = (key: Key | undefined) => states.findIndex((s) => s.key === key);
  const [older, newer] = order(selected) > order(other) ? [selected, other] : [other, selected];
  const a = form(older, older === selected ? selectedForm : otherForm);
  const b = form(newer, newer === selected ? selectedForm : otherForm);
  const diffs = a && b ? diffRecords(res, a, b, lang, fields) : null;
  const shown = diffs?.filter((d) => d.changed || showSame) ?? [];
  const same = diffs ? diffs.filter((d) => !d.changed).length : 0;

  const label = (name: string) => res.fields[name]?.label[lang] ?? name;
  async function restore() {
    if (typeof selected !== 'number') return;
    const state = stateOf(selected);
    if (!(await confirm(t('console.history.confirmRestore', { version: nameOf(state) })))) return;
    setRefusal(null);
    await run(
      async () => {
        await api.json('POST', `${base}${selected}/restore/`, {});
        await queryClient.invalidateQueries({ queryKey: ['history', res.name, id] });
        await onRestored();
        onClose();
      },
      () => t('console.history.restored'),
      // today's rules may refuse an old value (a slug taken since): said here by field, in the reader's language
      (e) => setRefusal(e instanceof ApiFailure && e.fields ? e.lines(label) : null),
    );
  }

  const title = recordTitle(res, list.data?.current ?? {}, lang) || res.label[lang];
  const titleId = `${ids}-title`;
  const loading = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
      <CircularProgress size={20} />
      <Typography>{t('console.loading')}</Typography>
    </Box>
  );

  const versions = (
    <Box component="section" aria-labelledby={`${ids}-versions`} sx={{ minWidth: 0 }}>
      <Typography id={`${ids}-versions`} variant="subtitle2" component="h2" color="text.secondary">
        {t('console.history.versions')}
      </Typography>
      <List
        dense
        aria-labelledby={`${ids}-versions`}
        sx={{ maxHeight: { xs: '32vh', md: '62vh' }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
      >
        {states.map((s) => (
          <ListItem key={String(s.key)} disablePadding sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <ListItemButton
              selected={s.key === selected}
              aria-current={s.key === selected ? 'true' : undefined}
              onClick={() => {
                setChosen(s.key);
                setAgainst('current');
                setRefusal(null);
              }}
            >
              <ListItemText
                primary={nameOf(s)}
                secondary={whoOf(s)}
                slotProps={{ primary: { sx: { fontWeight: s.key === 'current' ? 600 : 400 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {states.length === 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('console.history.none')}
        </Typography>
      )}
    </Box>
  );

  const comparison = other !== undefined && (
    <Box component="section" aria-labelledby={`${ids}-changes`} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography id={`${ids}-changes`} variant="subtitle2" component="h2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('console.history.changes')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('console.history.compareWith')}
          value={String(other)}
          onChange={(e) => setAgainst(e.target.value === 'current' ? 'current' : Number(e.target.value))}
          sx={{ minWidth: 0, width: { xs: '100%', sm: 280 } }}
        >
          {states
            .filter((s) => s.key !== selected)
            .map((s) => (
              <MenuItem key={String(s.key)} value={String(s.key)}>
                {nameOf(s)}
              </MenuItem>
            ))}
        </TextField>
      </Box>
      {/* which two are compared, tinted as their words are below: the older one's deleted, the newer one's inserted */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', bgcolor: DEL, borderRadius: 1, px: 0.75 }}>
          {nameOf(stateOf(older))}
        </Typography>
        <ArrowForwardIcon fontSize="small" aria-label={t('console.history.to')} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', bgcolor: INS, borderRadius: 1, px: 0.75 }}>
          {nameOf(stateOf(newer))}
        </Typography>
      </Box>
      {!diffs ? (
        selectedForm.isError || otherForm.isError ? (
          <Alert severity="error">{t('console.failed')}</Alert>
        ) : (
          loading
        )
      ) : (
        <>
          <FormControlLabel
            control={<Switch size="small" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} />}
            label={t('console.history.showUnchanged', { n: same })}
            sx={{ mb: 0.5 }}
          />
          {shown.length === 0 && <Typography sx={{ py: 1 }}>{t('console.history.same')}</Typography>}
          <Box aria-label={t('console.history.changes')} role="list">
            {shown.map((d) => (
              <Box key={d.name} role="listitem" aria-label={d.label} sx={{ py: 1, borderTop: 1, borderColor: 'divider', minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3" sx={{ color: d.changed ? 'text.primary' : 'text.secondary' }}>
                  {d.label}
                </Typography>
                <Box sx={{ ...marks, minWidth: 0 }}>
                  <Change d={d} />
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
      {typeof selected === 'number' && (
        <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', pt: 1.5, pb: 0.5, borderTop: 1, borderColor: 'divider' }}>
          {refusal && (
            <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
              {[t('console.history.refused'), ...refusal].join('\n')}
            </Alert>
          )}
          <Button variant="contained" startIcon={<RestoreIcon />} disabled={busy} onClick={() => void restore()}>
            {t('console.history.restore')}
          </Button>
        </Box>
      )}
    </Box>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={narrow} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('console.history.title')}
          {title && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {title}
            </Typography>
          )}
        </Box>
        <IconButton aria-label={t('console.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {list.isError ? (
          <Alert severity="error">{list.error instanceof ApiFailure ? list.error.lines().join(' ') : t('console.failed')}</Alert>
        ) : !list.data ? (
          loading
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
            {versions}
            {comparison}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One field's change as its kind reads: marked words, old → new, or two pictures. */
function Change({ d }: { d: FieldDiff }) {
  const { t } = useT();
  const empty = (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {t('console.history.empty')}
    </Typography>
  );
  if (d.show === 'words') {
    const pieces = collapse(d.pieces);
    if (pieces.length === 0) return empty;
    return (
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {pieces.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one diff, drawn afresh whenever it changes
          <Run key={`${i}-${p.op}`} p={p} gap={t('console.history.gap')} />
        ))}
      </Typography>
    );
  }
  const value = (v: string, mark: 'del' | 'ins' | null): ReactNode => {
    if (!v) return empty;
    if (d.show === 'image') return <Picture url={v} mark={mark} />;
    return mark ? <Box component={mark}>{v}</Box> : v;
  };
  if (!d.changed)
    return (
      <Typography component="div" variant="body2">
        {value(d.after, null)}
      </Typography>
    );
  return (
    <Typography component="div" variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
      {value(d.before, 'del')}
      <ArrowForwardIcon fontSize="small" aria-label={t('console.history.to')} />
      {value(d.after, 'ins')}
    </Typography>
  );
}

function Run({ p, gap }: { p: Piece; gap: string }) {
  if (p.op === 'del') return <del>{p.text}</del>;
  if (p.op === 'ins') return <ins>{p.text}</ins>;
  if (p.op === 'gap')
    return (
      <Box component="span" title={gap} aria-label={gap} sx={{ color: 'text.secondary', px: 0.5 }}>
        {' … '}
      </Box>
    );
  return <>{p.text}</>;
}

/** An image by its thumbnail and address; a deleted one framed red, an inserted one green. */
function Picture({ url, mark }: { url: string; mark: 'del' | 'ins' | null }) {
  const frame = mark === 'del' ? 'rgba(198, 40, 40, 0.9)' : mark === 'ins' ? 'rgba(46, 125, 50, 0.9)' : 'divider';
  const name = url.split('/').pop() ?? url;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5, maxWidth: 160, minWidth: 0 }}>
      <Box
        component="img"
        src={at(url)}
        alt=""
        loading="lazy"
        sx={{ width: 160, maxWidth: '100%', height: 90, objectFit: 'contain', bgcolor: 'action.hover', border: 2, borderColor: frame, borderRadius: 1 }}
      />
      <Link href={at(url)} target="_blank" rel="noopener" variant="caption" sx={{ overflowWrap: 'anywhere' }}>
        {mark ? <Box component={mark}>{name}</Box> : name}
      </Link>
    </Box>
  );
}
