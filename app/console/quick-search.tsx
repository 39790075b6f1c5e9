import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchAnswer, SearchResult, Segment } from '../../common/search.ts';
import { Marked } from '../components/marked.tsx';
import { useT } from '../i18n/index.tsx';
import { api, listQuery } from './api.ts';
import { editAddress, type RecordTarget, targetOf } from './record-targets.ts';
import { useNotify } from './ui.tsx';

// The console's "go to record" search: the site search (GET /api/search/?scope=console:
// public content, and the drafts the member may edit) asked as the member types; a chosen result opens its record's editor in the console
// (record-targets.ts), or its public page in a new tab when the member may not edit it there. "/"
// anywhere outside a field focuses it.

const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

const plain = (segments: readonly Segment[]) => segments.map((s) => s.text).join('');

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Whether a key press is typing into something (where "/" is a character, not the shortcut). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, [role="dialog"], [role="textbox"]');
}

/** The answer's "did you mean": the query the results were found by, shown above them. */
const Suggestion = createContext<string | undefined>(undefined);

function SuggestionPaper({ children, ...props }: PaperProps) {
  const { t } = useT();
  const didYouMean = useContext(Suggestion);
  return (
    <Paper {...props}>
      {didYouMean && (
        <Typography variant="body2" className="quick-search-suggestion" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
          {t('console.search.didYouMean', { q: didYouMean })}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

type Props = {
  admin: boolean;
  /** Drawn on the app bar's colour (phones) rather than on the drawer's paper. */
  onBar?: boolean;
};

export function QuickSearch({ admin, onBar = false }: Props) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const asked = q.length >= MIN_CHARS;
  const answer = useQuery({
    queryKey: ['search', lang, q],
    // scope=console: the member's drafts too, of the kinds they may edit
    queryFn: () => api.get<SearchAnswer>(`/api/search/?q=${encodeURIComponent(q)}&scope=console`),
    enabled: asked,
    staleTime: 30_000,
  });
  // what is shown belongs to what is typed: while the words settle, nothing stale can be chosen
  const current = asked && q === text.trim();
  const options = current ? (answer.data?.results ?? []) : [];
  const loading = text.trim().length >= MIN_CHARS && (!current || answer.isFetching);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const targets = new Map<string, RecordTarget | undefined>(options.map((o) => [o.id, targetOf(o, admin)]));

  async function choose(result: SearchResult) {
    setText('');
    setOpen(false);
    const target = targets.get(result.id) ?? targetOf(result, admin);
    if (!target) {
      if (result.url) window.open(result.url, '_blank', 'noopener');
      return;
    }
    input.current?.blur();
    let id: unknown;
    if ('id' in target) id = target.id;
    else {
      try {
        id = target.find(await queryClient.fetchQuery(listQuery(target.res)))?.[target.res.id];
      } catch (e) {
        notify.fail(e);
        return;
      }
    }
    // a record the index still has but the list no longer does: its screen, without an editor
    navigate(typeof id === 'string' || typeof id === 'number' ? editAddress(target.screen, id) : target.screen);
  }

  const noOptions: ReactNode =
    text.trim().length < MIN_CHARS ? t('console.search.hint', { n: MIN_CHARS }) : answer.isError ? t('console.search.failed') : t('console.search.none');

  const didYouMean = current && options.length > 0 ? answer.data?.didYouMean : undefined;

  return (
    <Suggestion.Provider value={didYouMean}>
      <Autocomplete<SearchResult, false, false, false>
        size="small"
        fullWidth
        options={options}
        value={null}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        inputValue={text}
        onInputChange={(_, value, reason) => {
          // choosing and blurring reset the text through `value`, which stays empty: the choice navigates
          if (reason === 'input' || reason === 'clear') setText(value);
          if (reason === 'input') setOpen(true);
        }}
        onChange={(_, result) => result && void choose(result)}
        filterOptions={(all) => all}
        getOptionLabel={(o) => plain(o.title)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionDisabled={(o) => !targets.get(o.id) && !o.url}
        getOptionKey={(o) => o.id}
        autoHighlight
        handleHomeEndKeys={false}
        forcePopupIcon={false}
        loading={loading}
        loadingText={t('console.search.loading')}
        noOptionsText={noOptions}
        clearText={t('console.search.clear')}
        onKeyDown={(e) => {
          // Escape empties the field at once (MUI's first Escape only closes the list)
          if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
          (e as typeof e & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
          if (text) setText('');
          else input.current?.blur();
          setOpen(false);
        }}
        slotProps={{
          popper: { placement: 'bottom-start', style: { width: 'min(480px, calc(100vw - 16px))' } },
          listbox: { sx: { maxHeight: 'min(60vh, 480px)', '& mark': { bgcolor: '#ffe082', color: 'inherit', borderRadius: 0.5 } } },
        }}
        renderOption={({ key: _key, ...props }, option) => {
          const target = targets.get(option.id);
          const kind = t(`console.search.kind.${option.kind}`);
          return (
            <Box component="li" key={option.id} {...props} sx={{ gap: 1, alignItems: 'flex-start !important' }}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <Marked segments={option.title} />
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
                    {kind}
                  </Box>
                  {option.meta && option.meta !== kind ? ` · ${option.meta}` : ''}
                </Typography>
              </Box>
              {!target && option.url && <OpenInNewIcon fontSize="small" color="action" titleAccess={t('console.search.opensPublic')} sx={{ mt: 0.25 }} />}
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={input}
            // a phone has no key to press: no shortcut named there
            placeholder={t(onBar ? 'console.search.placeholderShort' : 'console.search.placeholder')}
            sx={onBar ? { '& .MuiInputBase-root': { bgcolor: 'background.paper' } } : undefined}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('console.search.label'), 'aria-keyshortcuts': '/' },
            }}
          />
        )}
        slots={{ paper: SuggestionPaper }}
      />
    </Suggestion.Provider>
  );
}
