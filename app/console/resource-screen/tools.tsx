import AddIcon from '@mui/icons-material/Add';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import type { Lang } from '../../../common/enums.ts';
import type { Access, ResourceDef } from '../../../common/resource.ts';
import { useT } from '../../i18n/index.tsx';
import type { StoredSession } from '../../lib/session.ts';
import { api, listQuery } from '../api.ts';
import type { Row } from '../columns.tsx';
import { screenTools } from '../screen-tools.tsx';
import { SortDialog } from '../sort-dialog.tsx';

// What the reader may do on a resource screen beyond reading and editing: a row's switches, the screen's own
// tools (screen-tools.tsx), reordering, adding.

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

/** Whether the reader may do what a resource's declared `access` allows (as the server does): an administrator anything. */
export function useAllowed(): (access: Access) => boolean {
  // the console frame's login (session.ts); a screen drawn outside the frame (a test) is a member's
  const session = useOutletContext<{ session?: StoredSession } | undefined>()?.session;
  return (access) => access === 'member' || session?.authority === 'admin';
}

/** The list's switches of a declaration's boolean fields (publish / unpublish…), each after a confirmation. */
export function toggleActions(res: ResourceDef, lang: Lang, succeeded: string): RowAction[] {
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

/** The screen's heading and its tools: the resource's own, reordering (an `ordered` one) and adding. */
export function ScreenHeader({
  res,
  title,
  canAdd,
  total,
  reload,
  onAdd,
}: {
  res: ResourceDef;
  title: string;
  canAdd: boolean;
  /** How many records the list has (reordering needs two). */
  total: number;
  reload: () => Promise<unknown>;
  onAdd: () => void;
}) {
  const { t } = useT();
  const Tools = screenTools[res.name];
  // an ordered list (its declaration's `ordered`) is reordered by dragging, in a dialog mounted afresh each time
  // the reorder dialog (console1's sort dialog): open while > 0, with the whole list, not the page shown
  const [reordering, setReordering] = useState(0);
  const whole = useQuery({ ...listQuery(res), enabled: reordering > 0 });
  return (
    <>
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
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {t('console.add')}
          </Button>
        )}
      </Box>
      {reordering > 0 && whole.data && (
        <SortDialog key={reordering} res={res} rows={whole.data} title={title} onClose={() => setReordering(0)} onSaved={reload} />
      )}
    </>
  );
}
