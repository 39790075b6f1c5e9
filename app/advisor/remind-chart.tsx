import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { RemindCount } from '../../common/advisor.ts';
import { useT } from '../i18n/index.tsx';

// Cumulative reminder counts, the top 10 people (SPEC §2 pingan): horizontal bars, names on the axis.
// The same figures as a list for screen readers (and for tests, which read them as text).

export function RemindChart({ remind }: { remind: RemindCount[] }) {
  const { t } = useT();
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby="remind-chart-title">
      <Typography id="remind-chart-title" component="figcaption" variant="subtitle2">
        {t('advisor.chart')}
      </Typography>
      {remind.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('advisor.noReminders')}
        </Typography>
      ) : (
        <>
          {/* inert as well as hidden: the chart's own focus layer stays out of reach (the list below reads the same figures) */}
          <Box aria-hidden="true" inert data-testid="remind-chart">
            <BarChart
              layout="horizontal"
              height={Math.max(160, 36 * remind.length + 60)}
              yAxis={[{ scaleType: 'band', data: remind.map((r) => r.realname), width: 80 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: remind.map((r) => r.count), label: t('advisor.times'), color: '#1e4f91' }]}
              hideLegend
              margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
            />
          </Box>
          <Box component="ol" className="visually-hidden" data-testid="remind-list">
            {remind.map((r) => (
              <li key={r.xgh}>
                {r.realname}: {r.count}
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
