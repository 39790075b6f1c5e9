import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PinganToday } from '../../../../common/advisor.ts';
import { useAction } from '../../../console/ui.tsx';
import { useT } from '../../../i18n/index.tsx';
import { RemindChart } from '../../remind-chart.tsx';
import { SmallTable } from '../../tables.tsx';
import type { PinganCalls } from './calls.ts';
import { useRowColumns } from './row-columns.ts';
import { Section } from './section.tsx';
import { SourceNote } from './source-note.tsx';

/** Today's reminder: who has not reported, the button recording that they were reminded, the chart of reminders. */
export function TodaySection({ data, calls, onChange }: { data: PinganToday; calls: PinganCalls; onChange: () => Promise<unknown> }) {
  const { t } = useT();
  const { busy, run } = useAction();
  const columns = useRowColumns();
  const pending = data.weishangbao.filter((r) => !data.remind_today.includes(r.xgh));

  const record = () =>
    run(
      async () => {
        await calls.record(data.date, data.weishangbao);
        await onChange();
      },
      () => t('advisor.recorded', { n: data.weishangbao.length }),
    );

  return (
    <Section
      title={`${t('advisor.today')} · ${data.date}`}
      actions={
        <Button
          variant="contained"
          color="secondary"
          startIcon={<NotificationsActiveIcon />}
          disabled={busy || data.weishangbao.length === 0 || pending.length === 0}
          onClick={() => void record()}
        >
          {pending.length === 0 && data.weishangbao.length > 0 ? t('advisor.recordedToday') : t('advisor.record')}
        </Button>
      }
    >
      <SourceNote data={data} />
      {data.source && (
        <Typography sx={{ mb: 1 }} data-testid="today-figures">
          {t('advisor.figures', { zrs: data.zrs, xzs: data.xzs, num: data.num_weishangbao })}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <SmallTable
          caption={t('advisor.notReported')}
          rows={data.weishangbao}
          columns={columns}
          rowKey={(r) => r.xgh}
          pageSize={5}
          empty={data.source ? t('advisor.everyoneReported') : t('advisor.none')}
        />
        <RemindChart remind={data.remind} />
      </Box>
    </Section>
  );
}
