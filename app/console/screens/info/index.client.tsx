import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useReducer, useState } from 'react';
import { useOutletContext } from 'react-router';
import { useT } from '../../../i18n/index.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { info } from '../../../../common/resources/info.ts';
import { ApiFailure } from '../../api.ts';
import { HistoryButton } from '../../history-dialog.tsx';
import { MarkdownView } from '../../markdown-field.tsx';
import { SortDialog } from '../../sort-dialog.tsx';
import { useConfirm } from '../../ui.tsx';
import { AddDialog } from './add-dialog.tsx';
import { AdminButtons } from './admin-buttons.tsx';
import { blankPage, draftReducer, initialDraft, viewOf } from './draft.ts';
import { InfoTabs } from './info-tabs.tsx';
import { PageEditor } from './page-editor.tsx';
import { useInfoPages } from './use-info-pages.ts';

// SPEC §2 console/info: tabbed info pages (one tab per aspect, by `order`), shown as rendered markdown.
// Administrators also add (order = current count, the new last tab is selected), delete (the first tab
// is selected), sort in the console's drag-and-drop dialog (sort-dialog.tsx: order = position, one call; cancel keeps the previous order) and
// edit: the current tab becomes the markdown editor and the button 'save and preview' sends the whole
// list (PUT /api/info/, SPEC §4/§7) and returns to view mode. Members only read; the server refuses
// their writes anyway (SPEC §6). The History button (history-dialog.tsx) is the current tab's.

export default function InfoScreen() {
  const { t } = useT();
  const { session } = useOutletContext<{ session: StoredSession }>();
  const admin = session.authority === 'admin';
  const confirm = useConfirm();
  const { list, stored, busy, add, remove, saveList } = useInfoPages();
  const [state, dispatch] = useReducer(draftReducer, initialDraft);
  const { pages, current, dirty } = viewOf(state, stored);
  const [adding, setAdding] = useState(false);
  const [sorting, setSorting] = useState(false);
  /** Mounts the sort dialog afresh at each opening. */
  const [sortRound, setSortRound] = useState(0);
  const select = (iid: number | null) => dispatch({ type: 'select', iid });

  async function removeCurrent() {
    if (!current || !(await confirm(t('consoleInfo.confirmDelete', { aspect: current.aspect })))) return;
    await remove(current.iid, select);
  }

  async function saveAndPreview() {
    if (!state.draft) return;
    const blank = blankPage(state.draft);
    if (blank) dispatch({ type: 'blank', iid: blank.iid, error: t('console.required') });
    if (await saveList(state.draft)) dispatch({ type: 'close' });
  }

  async function discard() {
    if (dirty && !(await confirm(t('consoleInfo.confirmDiscard')))) return;
    dispatch({ type: 'close' });
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('consoleInfo.title')}
        </Typography>
        {admin && (
          <AdminButtons
            editing={state.draft !== null}
            busy={busy}
            loaded={!list.isLoading && !list.isError}
            hasCurrent={!!current}
            count={stored.length}
            onSave={() => void saveAndPreview()}
            onDiscard={() => void discard()}
            onAdd={() => setAdding(true)}
            onDelete={() => void removeCurrent()}
            onSort={() => {
              setSortRound((n) => n + 1);
              setSorting(true);
            }}
            onEdit={() => dispatch({ type: 'edit', stored })}
          />
        )}
        {admin && !state.draft && current && <HistoryButton res={info} id={current.iid} onRestored={() => list.refetch()} />}
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
        <InfoTabs pages={pages} current={current} onSelect={select}>
          {state.draft ? (
            <PageEditor
              page={current}
              dirty={dirty}
              aspectError={state.aspectError}
              onChange={(patch) => dispatch({ type: 'change', iid: current.iid, patch })}
            />
          ) : current.markdown.trim() ? (
            <MarkdownView value={current.markdown} />
          ) : (
            <Typography color="text.secondary">{t(admin ? 'consoleInfo.blankAdmin' : 'consoleInfo.blank')}</Typography>
          )}
        </InfoTabs>
      )}

      {admin && (
        <>
          <AddDialog open={adding} busy={busy} onClose={() => setAdding(false)} onAdd={(aspect) => add(aspect, select)} />
          {sorting && (
            <SortDialog
              key={sortRound}
              res={info}
              rows={stored}
              title={t('consoleInfo.tabs')}
              onClose={() => setSorting(false)}
              onSaved={() => list.refetch()}
            />
          )}
        </>
      )}
    </Box>
  );
}
