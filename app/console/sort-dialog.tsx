import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { orderGroups, orderPath, recordTitle, type ResourceDef } from '../../common/resource.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';
import type { Row } from './columns.tsx';
import { type SortItem, SortableList } from './sortable-list.tsx';
import { useAction } from './ui.tsx';

// Reordering an ordered list, for every resource whose declaration names its `ordered` field:
// the records in their order, one sortable list per group (a showcase item's kind), saved in one call
// (PUT /api/order/{name}/) on confirm; cancel drops the moves. Mount it afresh at each opening (a new `key`).

type Group = { key: string; label: string; items: SortItem[] };

/** The rows (in the declared order) as the groups the dialog sorts, each headed by its value in the reader's language. */
function groupsOf(res: ResourceDef, rows: readonly Row[], lang: 'zh' | 'en'): Group[] {
  const by = orderGroups(res);
  const out = new Map<string, Group>();
  for (const row of rows) {
    const key = by.map((col) => String(row[col] ?? '')).join('\u0000');
    const label = by
      .map((col) => {
        const def = res.fields[col];
        const option = def?.options?.find((o) => o.value === row[col]);
        return option ? option[lang] : String(row[col] ?? '');
      })
      .join(' · ');
    const group = out.get(key) ?? { key, label, items: [] };
    group.items.push({ id: Number(row[res.id]), name: recordTitle(res, row, lang) || `#${String(row[res.id])}` });
    out.set(key, group);
  }
  return [...out.values()];
}

export function SortDialog({
  res,
  rows,
  title,
  onClose,
  onSaved,
}: {
  res: ResourceDef;
  rows: readonly Row[];
  title: string;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, lang } = useT();
  const narrow = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const [groups, setGroups] = useState<Group[]>(() => groupsOf(res, rows, lang));
  const { busy, run } = useAction();
  const id = useId();

  async function save() {
    const ok = await run(
      async () => {
        await api.json(
          'PUT',
          orderPath(res),
          groups.flatMap((g) => g.items.map((i) => i.id)),
        );
        await onSaved();
      },
      () => t('console.saved'),
    );
    if (ok) onClose();
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`}>
      <DialogTitle id={`${id}-title`}>{t('consoleWork.sort.title', { list: title })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-hint`} sx={{ mb: 1 }}>
          {t('consoleWork.sort.hint')}
        </DialogContentText>
        {groups.map((g) => (
          <section key={g.key} aria-label={g.label || title}>
            {g.label && (
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 0.5 }}>
                {g.label}
              </Typography>
            )}
            <SortableList
              items={g.items}
              label={g.label || title}
              onChange={(items) => setGroups((cur) => cur.map((x) => (x.key === g.key ? { ...x, items } : x)))}
            />
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('console.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
