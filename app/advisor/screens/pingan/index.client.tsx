import EventNoteIcon from '@mui/icons-material/EventNote';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { chinaDate } from '../../../../common/advisor.ts';
import { useT } from '../../../i18n/index.tsx';
import { LoadFailure } from '../../load-failure.tsx';
import { ParamsPanel } from './params-panel.tsx';
import { SourceCard } from './source-card.tsx';
import { TodaySection } from './today-section.tsx';
import { usePingan, type View } from './use-pingan.ts';
import { YesterdaySection } from './yesterday-section.tsx';

// SPEC §2 advisor pingan: the cookie and its status, the parameters panel, today's reminder (who has
// not reported, the record button and the chart of reminders) and yesterday's zero report.
// The calls are those of SPEC §7 (docs/advisor.md), in calls.ts.

export default function PinganScreen() {
  const { t } = useT();
  const { advisor } = useParams();
  const [date, setDate] = useState(chinaDate());
  const [view, setView] = useState<View | null>(null);
  const { calls, dateYes, base, day, today, yesterday, fetching, failure, refresh } = usePingan(advisor, date, view);

  // asking again for the view shown reloads it
  const open = (next: View) => {
    if (view === next) void refresh();
    setView(next);
  };

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('advisor.pingan')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label={t('advisor.date')}
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant={view === 'today' ? 'contained' : 'outlined'} startIcon={<NotificationsActiveIcon />} onClick={() => open('today')}>
          {t('advisor.today')}
        </Button>
        <Button variant={view === 'yesterday' ? 'contained' : 'outlined'} startIcon={<EventNoteIcon />} onClick={() => open('yesterday')}>
          {t('advisor.yesterday')}
        </Button>
      </Box>
      {fetching && <LinearProgress sx={{ mb: 1 }} aria-label="…" />}
      {failure && <LoadFailure error={failure} />}

      {base && <SourceCard info={day ?? base} calls={calls} onChange={refresh} />}
      {base && <ParamsPanel info={day ?? base} day={day} dateYes={dateYes} calls={calls} onChange={refresh} />}

      {view === 'today' && today && <TodaySection data={today} calls={calls} onChange={refresh} />}
      {view === 'yesterday' && yesterday && <YesterdaySection data={yesterday} />}
    </Box>
  );
}
