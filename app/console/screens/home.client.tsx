import InsightsIcon from '@mui/icons-material/Insights';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { termList, termOf } from '../../../common/schedule.ts';
import type { Me } from '../../../common/wire.ts';
import { api } from '../../console/api.ts';
import { cellName, ScheduleGrid, sortTerms, TermSelect } from '../../console/schedule-grid.tsx';
import { useSession } from '../../console/session.ts';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console home: the traffic-analysis link (ANALYTICS_URL; hidden when unset) and the
// time-management view: for a term, how many members are occupied in each period and who, with one
// member's own free/occupied periods highlighted on request.

type Member = { name: string; name_en: string; uid: string; occupy: [number, number][] };
type Overview = Record<string, Member[]>;

const keyOf = (day: number, period: number) => `${day}-${period}`;

export default function ConsoleHome() {
  const { t, lang } = useT();
  const session = useSession();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<Me>('/api/me/') });
  const overview = useQuery({ queryKey: ['disctime', 'all'], queryFn: () => api.get<Overview>('/apiprivate/disctime/') });
  const data = overview.data ?? {};
  const withData = sortTerms(Object.keys(data).filter((k) => (data[k] ?? []).length > 0));
  const terms = sortTerms([...termList(), ...withData]);
  // the current term, or (when nobody filled it in yet) the newest term somebody did
  const [chosen, setChosen] = useState<string | null>(null);
  const term = chosen ?? (withData.includes(termOf()) || withData.length === 0 ? termOf() : (withData[0] as string));
  const [memberUid, setMemberUid] = useState('');
  const [picked, setPicked] = useState<[number, number] | null>(null);

  const members = data[term] ?? [];
  const nameOf = (m: Member) => (lang === 'zh' ? m.name || m.name_en : m.name_en || m.name);
  const busyAt = new Map<string, Member[]>();
  for (const m of members) {
    for (const [d, p] of m.occupy) {
      const k = keyOf(d, p);
      busyAt.set(k, [...(busyAt.get(k) ?? []), m]);
    }
  }
  const member = members.find((m) => m.uid === memberUid);
  const memberBusy = new Set((member?.occupy ?? []).map(([d, p]) => keyOf(d, p)));
  const max = Math.max(1, ...[...busyAt.values()].map((l) => l.length));
  const analytics = me.data?.analytics_url;
  const display = lang === 'zh' ? session.name || session.name_en : session.name_en || session.name;

  const pickedBusy = picked ? (busyAt.get(keyOf(...picked)) ?? []) : [];
  const pickedFree = picked ? members.filter((m) => !pickedBusy.includes(m)) : [];

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('console.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('consoleHome.welcome', { name: display })}
      </Typography>
      {analytics && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <InsightsIcon color="primary" />
          <Typography sx={{ flexGrow: 1 }}>{t('consoleHome.analyticsHint')}</Typography>
          <Button variant="outlined" href={analytics} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
            {t('consoleHome.analytics')}
          </Button>
        </Paper>
      )}

      <Box component="section" aria-labelledby="time-heading">
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" id="time-heading" sx={{ flexGrow: 1 }}>
            {t('consoleHome.time')}
          </Typography>
          <Button component={RouterLink} to="/console/private_time" size="small">
            {t('consoleHome.editMine')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('consoleHome.timeHelp')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
          <TermSelect
            value={term}
            terms={terms}
            onChange={(v) => {
              setChosen(v);
              setPicked(null);
            }}
          />
          <TextField
            select
            size="small"
            label={t('consoleHome.member')}
            value={member ? memberUid : ''}
            onChange={(e) => setMemberUid(e.target.value)}
            sx={{ minWidth: 200, maxWidth: '100%' }}
            disabled={members.length === 0}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('consoleHome.allMembers')}</MenuItem>
            {members.map((m) => (
              <MenuItem key={m.uid} value={m.uid}>
                {nameOf(m)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {overview.isLoading ? t('console.loading') : members.length > 0 ? t('consoleHome.recorded', { n: members.length }) : ''}
          </Typography>
        </Box>
        {overview.isError && <Typography color="error">{t('console.failed')}</Typography>}
        {!overview.isLoading && !overview.isError && members.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary">{t('consoleHome.noData')}</Typography>
          </Paper>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 260px' }, alignItems: 'start' }}>
            <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 1 }, minWidth: 0 }}>
              <ScheduleGrid
                label={t('consoleHome.grid')}
                cell={(day, period) => {
                  const k = keyOf(day, period);
                  const busy = busyAt.get(k) ?? [];
                  const n = busy.length;
                  const names = busy.map(nameOf).join(lang === 'zh' ? '、' : ', ');
                  const mine = memberBusy.has(k);
                  const here = cellName(t, day, period);
                  const selected = !!picked && picked[0] === day && picked[1] === period;
                  return (
                    <Tooltip
                      title={
                        n > 0 ? (
                          <>
                            <strong>{t('consoleHome.cellCount', { cell: here, n })}</strong>
                            <br />
                            {names}
                          </>
                        ) : (
                          t('consoleHome.cellCount', { cell: here, n })
                        )
                      }
                      arrow
                      disableInteractive
                    >
                      <ButtonBase
                        aria-label={`${t('consoleHome.cellCount', { cell: here, n })}${n > 0 ? `: ${names}` : ''}`}
                        aria-pressed={selected}
                        data-count={n}
                        data-member-busy={member ? String(mine) : undefined}
                        onClick={() => setPicked(selected ? null : [day, period])}
                        sx={(theme) => ({
                          width: '100%',
                          height: 34,
                          borderRadius: 0.75,
                          fontSize: 13,
                          fontWeight: 600,
                          border: selected ? 2 : 1,
                          borderColor: selected ? 'text.primary' : mine ? 'secondary.main' : 'divider',
                          bgcolor: mine
                            ? alpha(theme.palette.secondary.main, 0.85)
                            : n > 0
                              ? alpha(theme.palette.primary.main, 0.12 + (0.68 * n) / max)
                              : 'background.paper',
                          color: mine || n / max > 0.5 ? '#fff' : n > 0 ? 'primary.dark' : 'text.disabled',
                          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
                        })}
                      >
                        {n > 0 ? n : ''}
                      </ButtonBase>
                    </Tooltip>
                  );
                }}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }} aria-live="polite">
              {member && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                  <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: 'secondary.main', flexShrink: 0 }} />
                  <Typography variant="body2">{t('consoleHome.memberBusy', { name: nameOf(member) })}</Typography>
                </Box>
              )}
              {picked ? (
                <>
                  <Typography variant="subtitle2" gutterBottom>
                    {cellName(t, picked[0], picked[1])}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('consoleHome.busyList', { n: pickedBusy.length })}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                    {pickedBusy.length === 0 ? (
                      <Typography variant="body2">{t('consoleHome.nobody')}</Typography>
                    ) : (
                      pickedBusy.map((m) => <Chip key={m.uid} size="small" color="primary" label={nameOf(m)} />)
                    )}
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {t('consoleHome.freeList', { n: pickedFree.length })}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
                    {pickedFree.length === 0 ? (
                      <Typography variant="body2">{t('consoleHome.nobody')}</Typography>
                    ) : (
                      pickedFree.map((m) => <Chip key={m.uid} size="small" variant="outlined" label={nameOf(m)} />)
                    )}
                  </Box>
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('consoleHome.pickCell')}
                </Typography>
              )}
            </Paper>
          </Box>
        )}
      </Box>
    </Box>
  );
}
