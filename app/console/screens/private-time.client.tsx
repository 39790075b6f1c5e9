import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { termList, termOf } from '../../../common/schedule.ts';
import { api } from '../../console/api.ts';
import { cellName, ScheduleGrid, sortTerms, TermSelect } from '../../console/schedule-grid.tsx';
import { useSession } from '../../console/session.ts';
import { useNotify } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console/private_time: one's weekly grid per term. A click (or Enter/Space) toggles a cell
// between free and occupied; saving stores the term's occupied [day, period] pairs.

type Own = { term: string; occupy: [number, number][] }[];

const keyOf = (day: number, period: number) => `${day}-${period}`;
const toSet = (occupy: [number, number][] | undefined) => new Set((occupy ?? []).map(([d, p]) => keyOf(d, p)));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

export default function PrivateTimeScreen() {
  const { t } = useT();
  const session = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['disctime', session.uid];
  const own = useQuery({ queryKey, queryFn: () => api.get<Own>(`/apiprivate/disctime/?uid=${encodeURIComponent(session.uid)}`) });
  const [term, setTerm] = useState(termOf());
  // edits not yet saved, per term
  const [edits, setEdits] = useState<Record<string, Set<string>>>({});
  const [saving, setSaving] = useState(false);

  const saved = toSet(own.data?.find((r) => r.term === term)?.occupy);
  const cells = edits[term] ?? saved;
  const dirty = !!edits[term] && !sameSet(edits[term], saved);
  const terms = sortTerms([...termList(), ...(own.data ?? []).map((r) => r.term)]);

  function toggle(day: number, period: number) {
    const next = new Set(cells);
    const k = keyOf(day, period);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    setEdits((cur) => ({ ...cur, [term]: next }));
  }

  async function save() {
    const occupy = [...cells].map((k) => k.split('-').map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    setSaving(true);
    try {
      await api.json('PUT', '/apiprivate/disctime/', { uid: session.uid, name: session.name, term, occupy });
      await queryClient.invalidateQueries({ queryKey });
      setEdits((cur) => {
        const { [term]: _, ...rest } = cur;
        return rest;
      });
      notify.ok(t('console.saved'));
    } catch (e) {
      notify.fail(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('console.private_time')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('consoleTime.help')}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TermSelect value={term} terms={terms} onChange={setTerm} />
        <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={saving || own.isLoading}>
          {t('console.save')}
        </Button>
        <Button onClick={() => setEdits((cur) => ({ ...cur, [term]: new Set() }))} disabled={cells.size === 0}>
          {t('consoleTime.clear')}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('consoleTime.marked', { n: cells.size })}
        </Typography>
        {dirty && <Chip size="small" color="warning" variant="outlined" label={t('consoleTime.unsaved')} />}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 1 } }}>
        {own.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {t('console.failed')}
          </Typography>
        ) : (
          <ScheduleGrid
            label={t('consoleTime.grid')}
            cell={(day, period) => {
              const busy = cells.has(keyOf(day, period));
              return (
                <ButtonBase
                  aria-pressed={busy}
                  aria-label={cellName(t, day, period)}
                  disabled={own.isLoading}
                  onClick={() => toggle(day, period)}
                  sx={{
                    width: '100%',
                    height: 34,
                    borderRadius: 0.75,
                    fontSize: 12,
                    border: 1,
                    borderColor: busy ? 'primary.main' : 'divider',
                    bgcolor: busy ? 'primary.main' : 'background.paper',
                    color: busy ? 'primary.contrastText' : 'text.disabled',
                    '&:hover': { bgcolor: busy ? 'primary.dark' : 'action.hover' },
                    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
                  }}
                >
                  {busy ? t('consoleTime.busy') : ''}
                </ButtonBase>
              );
            }}
          />
        )}
      </Paper>
    </Box>
  );
}
