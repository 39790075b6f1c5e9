import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import type { Lang } from '../../../common/enums.ts';
import { defaults, type ResourceDef } from '../../../common/resource.ts';
import { useT } from '../../i18n/index.tsx';
import { api } from '../api.ts';
import type { Row } from '../columns.tsx';
import { FieldInput } from '../fields.tsx';
import { drawnFields } from '../forms.ts';
import { HistoryButton } from '../history-dialog.tsx';
import { PendingProvider, usePendingInputs, useSettledAction } from '../pending-input.ts';

// A resource screen's editor: which record it edits (named in the address), and its form. Add opens a blank
// record (id -1), edit opens a copy.

/** The history state of an address the editor wrote itself (?edit= as it opens and closes), which it does not read back. */
export const EDITOR_STATE = { editor: true } as const;

/**
 * The record being edited, its field errors, and its opening and closing, kept in the address (?edit=<id>):
 * a link (the quick search's) opens its editor once the list has loaded, and closing takes the parameter away.
 */
export function useEditing({
  res,
  rows,
  listData,
  newRecord,
}: {
  res: ResourceDef;
  /** The page of the list shown, where a record named by the address is looked for first. */
  rows: Row[];
  /** The list's answer, none until it has loaded: a record the address names waits for it. */
  listData: unknown;
  newRecord?: () => Row;
}) {
  const [editing, setEditing] = useState<Row | null>(null);
  // a restored version remounts the form, so fields that keep state of their own start from its values
  const [restores, setRestores] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = (row: Row) => Number(row[res.id] ?? -1);

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

  // by keyboard: an opened editor takes the focus (its first field), and a closed one gives it back to what
  // opened it (the row's Edit button); MUI's Dialog and Drawer would give it back, the side editor would not
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
    if (wanted !== null && !listData) return;
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
  }, [location.key, listData]);

  return { editing, setEditing, restores, setRestores, errors, setErrors, open, close, focusFirst, reveal };
}

/** The form of the record being edited: its fields, save, preview in either language, close, and its history. */
export function RecordEditor({
  res,
  editing,
  setEditing,
  shown,
  errors,
  setErrors,
  saving,
  focusFirst,
  reveal,
  onSave,
  onPreview,
  onRestored,
  onClose,
}: {
  res: ResourceDef;
  editing: Row;
  setEditing: (update: (cur: Row | null) => Row | null) => void;
  /** The fields shown, in order. */
  shown: readonly string[];
  errors: Record<string, string>;
  setErrors: (update: (cur: Record<string, string>) => Record<string, string>) => void;
  saving: boolean;
  /** Set as the editor opens: its first field takes the focus. */
  focusFirst: RefObject<boolean>;
  /** Set when the address opened it: it is brought into view. */
  reveal: RefObject<boolean>;
  onSave: () => void;
  onPreview?: (lang: Lang) => void;
  onRestored: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = Number(editing[res.id] ?? -1);
  const pending = usePendingInputs();
  // Save and Preview add what the fields hold typed first (pending-input.ts)
  const act = useSettledAction<Lang | 'save'>(editing, pending.addAll, (action) => (action === 'save' ? onSave() : onPreview?.(action)));
  return (
    <PendingProvider value={pending.inputs}>
      <Paper
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
        aria-label={id === -1 ? t('console.newItem') : t('console.editing')}
        onPointerDownCapture={pending.onPointerDownCapture}
        onSubmit={(e) => {
          e.preventDefault();
          act('save');
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {/* the screen's heading is its h1 (a dialog's title its h2): the editor's is the next level, drawn as before */}
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {id === -1 ? t('console.newItem') : `${t('console.editing')} #${id}`}
          </Typography>
          <HistoryButton res={res} id={id} size="small" onRestored={onRestored} />
        </Box>
        {drawnFields(res, shown, editing).map((name) => {
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
              onChange={(v) => {
                setEditing((cur) => (cur ? { ...cur, [name]: v } : cur));
                // a corrected field loses its message (a required list as its first item is added)
                setErrors((cur) => {
                  if (!(name in cur)) return cur;
                  const { [name]: _, ...rest } = cur;
                  return rest;
                });
              }}
              onFill={(patch) => setEditing((cur) => (cur ? { ...cur, ...patch } : cur))}
            />
          );
        })}
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving} data-form-action>
            {t('console.save')}
          </Button>
          {onPreview &&
            (['zh', 'en'] as const).map((l) => (
              <Button key={l} variant="outlined" startIcon={<VisibilityIcon />} onClick={() => act(l)} data-form-action>
                {t('console.publishing.previewIn', { language: l === 'zh' ? '中文' : 'English' })}
              </Button>
            ))}
          <Button onClick={onClose}>{t('console.close')}</Button>
        </Box>
      </Paper>
    </PendingProvider>
  );
}
