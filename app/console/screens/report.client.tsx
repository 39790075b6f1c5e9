import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { areas } from '../../../common/enums.ts';
import { type KindCounts, publicationKinds, type ReportKind, type ReportSummary, reportKinds, reportYearRule, UNRANKED } from '../../../common/report.ts';
import type { PublicPersonLight } from '../../../common/wire.ts';
import { api, downloadFile } from '../../console/api.ts';
import { isAdmin, useSession } from '../../console/session.ts';
import { AdminOnly, ScreenHeader, useAction } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';

// The achievement report (成果统计), for administrators: a period, members, areas and
// kinds; the counts as tables and one bar chart by year and kind; the same choices downloaded as Excel, Word
// or CSV (server/api/report.ts makes them).

type Choice = { from: number; to: number; members: number[]; areas: string[]; kinds: ReportKind[] };

const thisYear = new Date().getFullYear();
const years = Array.from({ length: thisYear + 1 - 1990 + 1 }, (_, i) => thisYear + 1 - i);
const allKinds = reportKinds.map((k) => k.value);
// a colour per kind, told apart in the chart as in print
const colours: Record<ReportKind, string> = {
  journal: '#1e4f91',
  conference: '#4f86c6',
  other: '#9bb7d9',
  patent: '#b5562b',
  software: '#e0a458',
  award: '#6a994e',
  project: '#7b5ea7',
};

function queryOf(c: Choice, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ from: String(c.from), to: String(c.to), ...extra });
  if (c.members.length > 0) q.set('members', c.members.join(','));
  if (c.areas.length > 0) q.set('areas', c.areas.join(','));
  if (c.kinds.length > 0 && c.kinds.length < allKinds.length) q.set('kinds', c.kinds.join(','));
  return `?${q}`;
}

/** One table of counts: a row per year, area, member or rank, a column per chosen kind and the total. */
function CountsTable({
  title,
  first,
  rows,
  kinds,
}: {
  title: string;
  first: string;
  rows: { key: string; label: string; c: KindCounts }[];
  kinds: ReportKind[];
}) {
  const { t, lang } = useT();
  const id = useId();
  if (rows.length === 0) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {title}
      </Typography>
      {/* a region that scrolls sideways on a phone: reachable by keyboard, named by its title */}
      <Paper variant="outlined" role="region" aria-labelledby={id} tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {first}
              </TableCell>
              {kinds.map((k) => (
                <TableCell key={k} component="th" scope="col" align="right">
                  {reportKinds.find((x) => x.value === k)?.[lang]}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {t('console.report.sum')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                {kinds.map((k) => (
                  <TableCell key={k} align="right">
                    {r.c.counts[k] ?? 0}
                  </TableCell>
                ))}
                <TableCell align="right">{r.c.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

export default function ReportScreen() {
  const { t, lang } = useT();
  const session = useSession();
  const admin = isAdmin(session);
  const { busy, run } = useAction();
  const [choice, setChoice] = useState<Choice>({ from: thisYear - 4, to: thisYear, members: [], areas: [], kinds: allKinds });
  const report = useQuery({
    queryKey: ['report', choice],
    queryFn: () => api.get<ReportSummary>(`/api/report/${queryOf(choice)}`),
    placeholderData: keepPreviousData,
    enabled: admin && choice.from <= choice.to && choice.kinds.length > 0,
  });
  const people = useQuery({
    queryKey: ['people-light'],
    queryFn: () => api.get<PublicPersonLight[]>('/api/read_people/?onlylist=1'),
    enabled: admin,
  });

  // the references' style (GET /api/cite-styles/, as the site settings list them): the site's GB/T style unless chosen
  const styles = useQuery({
    queryKey: ['cite-styles'],
    queryFn: () => api.get<{ id: string; name: string }[]>('/api/cite-styles/'),
    enabled: admin,
  });
  const [style, setStyle] = useState('');

  const title = t('console.report.title');
  if (!admin) return <AdminOnly title={title} message={t('console.report.adminOnly')} />;

  const set = (patch: Partial<Choice>) => setChoice((c) => ({ ...c, ...patch }));
  const personList = people.data ?? [];
  const nameOf = (p: { name_zh: string; name_en: string }) => (lang === 'zh' ? p.name_zh || p.name_en : p.name_en || p.name_zh);
  const download = (format: 'xlsx' | 'docx' | 'csv') =>
    run(
      () => downloadFile(`/api/report/export/${queryOf(choice, { format, lang, ...(style ? { style } : {}) })}`, lang, `report.${format}`),
      () => t('console.report.exported'),
    );
  const s = report.data;
  const kinds = allKinds.filter((k) => (s?.kinds ?? choice.kinds).includes(k));
  // areas and ranks are the publications' alone
  const pubKinds = kinds.filter((k) => publicationKinds.includes(k));
  const ascending = [...(s?.byYear ?? [])].reverse();
  const field = { size: 'small', sx: { minWidth: 0 } } as const;

  return (
    <Box sx={{ minWidth: 0 }}>
      <ScreenHeader title={title} intro={t('console.report.intro')} columns="120px 120px minmax(0, 2fr) minmax(0, 2fr)">
        <TextField {...field} select label={t('console.report.from')} value={choice.from} onChange={(e) => set({ from: Number(e.target.value) })}>
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          label={t('console.report.to')}
          value={choice.to}
          onChange={(e) => set({ to: Number(e.target.value) })}
          error={choice.to < choice.from}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          size="small"
          options={personList}
          loading={people.isLoading}
          value={personList.filter((p) => choice.members.includes(p.pid))}
          onChange={(_, list) => set({ members: list.map((p) => p.pid) })}
          getOptionLabel={(p) => `${nameOf(p)} (${p.username})`}
          isOptionEqualToValue={(a, b) => a.pid === b.pid}
          renderInput={(params) => (
            <TextField {...params} label={t('console.report.members')} placeholder={choice.members.length ? '' : t('console.report.allMembers')} />
          )}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}
        />
        <Autocomplete
          multiple
          size="small"
          options={areas.map((a) => a.value)}
          value={choice.areas}
          onChange={(_, list) => set({ areas: list })}
          getOptionLabel={(v) => areas.find((a) => a.value === v)?.[lang] ?? v}
          renderInput={(params) => (
            <TextField {...params} label={t('console.report.areas')} placeholder={choice.areas.length ? '' : t('console.report.allAreas')} />
          )}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}
        />
      </ScreenHeader>
      <Box role="group" aria-label={t('console.report.kinds')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        {reportKinds.map((k) => {
          const on = choice.kinds.includes(k.value);
          return (
            <Chip
              key={k.value}
              label={k[lang]}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              onClick={() => set({ kinds: on ? choice.kinds.filter((x) => x !== k.value) : allKinds.filter((x) => x === k.value || choice.kinds.includes(x)) })}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <TextField {...field} select label={t('console.report.style')} value={style} onChange={(e) => setStyle(e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('console.report.styleDefault')}</MenuItem>
          {(styles.data ?? []).map((st) => (
            <MenuItem key={st.id} value={st.id}>
              {st.name}
            </MenuItem>
          ))}
        </TextField>
        {(['xlsx', 'docx', 'csv'] as const).map((f) => (
          <Button
            key={f}
            variant="outlined"
            size="small"
            startIcon={<FileDownloadIcon />}
            disabled={busy || !s || choice.to < choice.from}
            onClick={() => void download(f)}
          >
            {t(f === 'xlsx' ? 'console.report.exportXlsx' : f === 'docx' ? 'console.report.exportDocx' : 'console.report.exportCsv')}
          </Button>
        ))}
        <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
          {busy ? t('console.report.exporting') : s ? t('console.report.total', { n: s.total }) : ''}
        </Typography>
      </Box>
      {report.isError ? (
        <Alert severity="error">{t('console.failed')}</Alert>
      ) : s && s.total === 0 ? (
        <Alert severity="info">{t('console.report.empty')}</Alert>
      ) : s ? (
        <>
          <Box component="figure" sx={{ m: 0, minWidth: 0 }} aria-labelledby="report-chart-title">
            <Typography id="report-chart-title" component="figcaption" variant="subtitle1">
              {t('console.report.chart')}
            </Typography>
            {/* the same figures are in the table by year below; inert: the chart's own focus layer stays out of reach */}
            <Box aria-hidden="true" inert data-testid="report-chart">
              <BarChart
                height={280}
                xAxis={[{ scaleType: 'band', data: ascending.map((y) => String(y.year)) }]}
                yAxis={[{ tickMinStep: 1, width: 32 }]}
                series={kinds.map((k) => ({
                  data: ascending.map((y) => y.counts[k] ?? 0),
                  label: reportKinds.find((x) => x.value === k)?.[lang],
                  stack: 'all',
                  color: colours[k],
                }))}
                margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
              />
            </Box>
          </Box>
          <CountsTable
            title={t('console.report.byYear')}
            first={t('console.report.year')}
            kinds={kinds}
            rows={[...s.byYear.map((y) => ({ key: String(y.year), label: String(y.year), c: y })), { key: 'sum', label: t('console.report.sum'), c: s.byKind }]}
          />
          {/* which years a record counts in: a project in each year it runs, once in the total */}
          <Typography variant="body2" color="text.secondary" data-testid="report-year-rule" sx={{ mt: 1 }}>
            {reportYearRule[lang]}
          </Typography>
          <CountsTable
            title={t('console.report.byArea')}
            first={t('console.report.area')}
            kinds={pubKinds}
            rows={s.byArea.map((a) => ({ key: a.area, label: a[lang], c: a }))}
          />
          <CountsTable
            title={t('console.report.byMember')}
            first={t('console.report.member')}
            kinds={kinds}
            rows={s.byMember.map((m) => ({ key: String(m.pid), label: nameOf(m), c: m }))}
          />
          {s.byRank && (
            <CountsTable
              title={t('console.report.byRank')}
              first={t('console.report.rank')}
              kinds={pubKinds}
              rows={s.byRank.map((r) => ({ key: r.rank, label: r.rank === UNRANKED ? t('console.report.unranked') : r.rank, c: r }))}
            />
          )}
        </>
      ) : null}
    </Box>
  );
}
