import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SaveIcon from '@mui/icons-material/Save';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import {
  addDays,
  chinaDate,
  type DateCount,
  type PinganBase,
  type PinganToday,
  type PinganYesterday,
  type ReportRow,
  zeroReport,
} from '../../../common/advisor.ts';
import { copyText } from '../../advisor/copy.ts';
import { RemindChart } from '../../advisor/remind-chart.tsx';
import { type Column, SmallTable } from '../../advisor/tables.tsx';
import { LoadFailure } from '../../advisor/load-failure.tsx';
import { api, request, toForm } from '../../console/api.ts';
import { useAction, useNotify } from '../../console/ui.tsx';
import { FileButton } from '../../console/uploads.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 advisor pingan: the cookie and its status, the parameters panel, today's reminder (who has
// not reported, the record button and the chart of reminders) and yesterday's zero report.
// The calls are those of SPEC §7 (docs/advisor.md): GET ?mount=1|2|3, PUT ?remind=0|1.

type View = 'today' | 'yesterday';

const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

export default function PinganScreen() {
  const { t, lang } = useT();
  const queryClient = useQueryClient();
  const { advisor } = useParams();
  const path = `/api${advisor}/pingan/`;
  const [date, setDate] = useState(chinaDate());
  const dateYes = addDays(date, -1);
  const [view, setView] = useState<View | null>(null);

  const base = useQuery({ queryKey: ['pingan', advisor, 1, date], queryFn: () => api.get<PinganBase>(`${path}?mount=1&date=${date}`) });
  const today = useQuery({
    queryKey: ['pingan', advisor, 2, date],
    queryFn: () => api.get<PinganToday>(`${path}?mount=2&date=${date}`),
    enabled: view === 'today',
  });
  const yesterday = useQuery({
    queryKey: ['pingan', advisor, 3, dateYes],
    queryFn: () => api.get<PinganYesterday>(`${path}?mount=3&date=${date}&date_yes=${dateYes}`),
    enabled: view === 'yesterday',
  });
  // the freshest answer for what every answer carries (cookie status, parameters, reminders)
  const day = view === 'today' ? today.data : view === 'yesterday' ? yesterday.data : undefined;
  const info = base.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['pingan', advisor] });

  const failure = [today, yesterday, base].find((q) => q.error)?.error;

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
      {(base.isFetching || today.isFetching || yesterday.isFetching) && <LinearProgress sx={{ mb: 1 }} aria-label="…" />}
      {failure && <LoadFailure error={failure} />}

      {info && <SourceCard info={day ?? info} path={path} onChange={refresh} />}
      {info && <ParamsPanel info={day ?? info} day={day} dateYes={dateYes} path={path} onChange={refresh} />}

      {view === 'today' && today.data && <TodaySection data={today.data} path={path} onChange={refresh} />}
      {view === 'yesterday' && yesterday.data && <YesterdaySection data={yesterday.data} lang={lang} />}
    </Box>
  );
}

function SourceCard({ info, path, onChange }: { info: PinganBase; path: string; onChange: () => Promise<unknown> }) {
  const { t } = useT();
  const { busy, run } = useAction();
  // what the advisor typed; null shows the stored cookie
  const [draft, setDraft] = useState<string | null>(null);
  const cookie = draft ?? info.cookie;

  const saveCookie = () =>
    run(
      async () => {
        await api.send('PUT', `${path}?remind=0`, { cookie });
        await onChange();
        setDraft(null);
      },
      () => t('console.saved'),
    );

  const importFile = (file: File) =>
    run(
      async () => {
        const r = await request<{ rows: number; dates: string[] }>('POST', `${path}import/`, { form: toForm({ file }) });
        await onChange();
        return r;
      },
      (r) => t('advisor.imported', { rows: r.rows, dates: r.dates.join(', ') }),
    );

  return (
    <Section
      title={t('advisor.source')}
      actions={
        <Chip
          data-testid="cookie-status"
          color={!info.upstream ? 'default' : info.refresh_cookie ? 'warning' : 'success'}
          label={`Cookie: ${t(!info.upstream ? 'advisor.unused' : info.refresh_cookie ? 'advisor.needsUpdate' : 'advisor.usable')}`}
        />
      }
    >
      {!info.upstream && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('advisor.noUpstream')}
        </Alert>
      )}
      <TextField
        label={t('advisor.cookie')}
        helperText={t('advisor.cookieHelp')}
        value={cookie}
        onChange={(e) => setDraft(e.target.value)}
        fullWidth
        multiline
        minRows={2}
        maxRows={6}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={busy || cookie === info.cookie} onClick={() => void saveCookie()}>
          {t('advisor.saveCookie')}
        </Button>
        <FileButton label={t('advisor.importFile')} accept={IMPORT_ACCEPT} disabled={busy} onFile={(f) => void importFile(f)} />
        {info.imported_dates.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('advisor.importedDates')}: {info.imported_dates.slice(0, 7).join(', ')}
            {info.imported_dates.length > 7 ? ' …' : ''}
          </Typography>
        )}
      </Box>
    </Section>
  );
}

type Move = { date: string; count: string };

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap title={label}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" aria-label={label}>
        {value}
      </Typography>
    </Box>
  );
}

type Own = { selfdez: string; selfdyz: string; xwzs: string };

function ParamsPanel({
  info,
  day,
  dateYes,
  path,
  onChange,
}: {
  info: PinganBase;
  day: PinganToday | PinganYesterday | undefined;
  dateYes: string;
  path: string;
  onChange: () => Promise<unknown>;
}) {
  const { t } = useT();
  const { busy, run } = useAction();
  // only what was edited is state; the rest shows what is stored (and yesterday for the move dates)
  const [edits, setEdits] = useState<Partial<Own>>({});
  const [leaveEdit, setLeave] = useState<Partial<Move>>({});
  const [backEdit, setBack] = useState<Partial<Move>>({});
  const own: Own = { selfdez: String(info.selfdez), selfdyz: String(info.selfdyz), xwzs: String(info.xwzs), ...edits };
  const leave: Move = { date: dateYes, count: '', ...leaveEdit };
  const back: Move = { date: dateYes, count: '', ...backEdit };

  const move = (m: Move) => (m.count.trim() === '' ? '' : JSON.stringify({ date: m.date, count: Number(m.count) }));
  const save = () =>
    run(
      async () => {
        await api.send('PUT', `${path}?remind=0`, { ...own, lixiao_temp: move(leave), fanxiao_temp: move(back) });
        await onChange();
        setEdits({});
        setLeave((m) => ({ ...m, count: '' }));
        setBack((m) => ({ ...m, count: '' }));
      },
      () => t('console.saved'),
    );

  const figure = (n: number | undefined) => (day?.source ? n : '–');
  const number = (key: keyof typeof own) => (
    <TextField
      size="small"
      label={t(`advisor.${key}`)}
      value={own[key]}
      onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
    />
  );
  const moveFields = (label: string, m: Move, set: (m: Partial<Move>) => void) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="legend" variant="body2" sx={{ minWidth: 96, float: 'left', mr: 1 }}>
        {label}
      </Typography>
      <TextField
        size="small"
        type="date"
        label={t('advisor.date')}
        value={m.date}
        onChange={(e) => set({ ...m, date: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        label={t('advisor.count')}
        value={m.count}
        onChange={(e) => set({ ...m, count: e.target.value })}
        sx={{ width: 160 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </Box>
  );
  const monthColumns: Column<DateCount>[] = [
    { key: 'date', label: t('advisor.date'), value: (r) => r.date },
    { key: 'count', label: t('advisor.count'), value: (r) => String(r.count) },
  ];

  return (
    <Accordion disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="pingan-params" id="pingan-params-header">
        <Typography variant="h6" component="h2">
          {t('advisor.params')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="pingan-params">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1, mb: 2 }}>
          <Stat label={t('advisor.dez')} value={figure(day?.dez)} />
          <Stat label={t('advisor.selfdez')} value={info.selfdez} />
          <Stat label={t('advisor.dyz')} value={figure(day?.dyz)} />
          <Stat label={t('advisor.selfdyz')} value={info.selfdyz} />
          <Stat label={t('advisor.zrs')} value={figure(day?.zrs)} />
          <Stat label={t('advisor.xwzs')} value={info.xwzs} />
          <Stat label={t('advisor.leftYesterday')} value={info.lixiao[dateYes] ?? 0} />
          <Stat label={t('advisor.returnedYesterday')} value={info.fanxiao[dateYes] ?? 0} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
          {number('selfdez')}
          {number('selfdyz')}
          {number('xwzs')}
        </Box>
        <Box sx={{ display: 'grid', gap: 1.5, mb: 1.5 }}>
          {moveFields(t('advisor.leaving'), leave, setLeave)}
          {moveFields(t('advisor.returning'), back, setBack)}
        </Box>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={busy} onClick={() => void save()} sx={{ mb: 2 }}>
          {t('advisor.saveParams')}
        </Button>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <SmallTable caption={t('advisor.monthLeave')} rows={info.lixiao_month} columns={monthColumns} rowKey={(r) => r.date} empty={t('advisor.noEntries')} />
          <SmallTable
            caption={t('advisor.monthReturn')}
            rows={info.fanxiao_month}
            columns={monthColumns}
            rowKey={(r) => r.date}
            empty={t('advisor.noEntries')}
          />
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

function SourceNote({ data }: { data: PinganToday | PinganYesterday }) {
  const { t } = useT();
  if (!data.source_error) return null;
  return (
    <Alert severity={data.source ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
      {t(`advisor.failure.${data.source_error}`)} {data.source === 'import' ? t('advisor.fallback') : ''}
    </Alert>
  );
}

function useRowColumns(): Column<ReportRow>[] {
  const { t } = useT();
  return [
    { key: 'realname', label: t('advisor.name'), value: (r) => r.realname },
    { key: 'xgh', label: t('advisor.xgh'), value: (r) => r.xgh },
    { key: 'status', label: t('advisor.status'), value: (r) => r.status || t('advisor.statusNone') },
  ];
}

function TodaySection({ data, path, onChange }: { data: PinganToday; path: string; onChange: () => Promise<unknown> }) {
  const { t } = useT();
  const { busy, run } = useAction();
  const columns = useRowColumns();
  const pending = data.weishangbao.filter((r) => !data.remind_today.includes(r.xgh));

  const record = () =>
    run(
      async () => {
        const remind = JSON.stringify(data.weishangbao.map((r) => ({ xgh: r.xgh, realname: r.realname })));
        await api.send('PUT', `${path}?remind=1&date=${data.date}`, { remind });
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

function YesterdaySection({ data, lang }: { data: PinganYesterday; lang: 'zh' | 'en' }) {
  const { t } = useT();
  const notify = useNotify();
  const columns = useRowColumns();
  const text = data.source ? zeroReport(lang, data) : '';
  const withTime: Column<ReportRow>[] = [...columns, { key: 'uptime', label: t('advisor.uptime'), value: (r) => r.uptime }];
  return (
    <Section
      title={`${t('advisor.yesterday')} · ${data.date}`}
      actions={
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          disabled={!text}
          onClick={async () => ((await copyText(text)) ? notify.ok(t('advisor.copied')) : notify.lines([t('advisor.copyFailed')]))}
        >
          {t('advisor.copy')}
        </Button>
      }
    >
      <SourceNote data={data} />
      {text && (
        <TextField
          label={t('advisor.zeroReport')}
          value={text}
          fullWidth
          multiline
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'zero-report' } }}
          sx={{ mb: 2 }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <SmallTable caption={t('advisor.yesNotReported')} rows={data.weishangbao_yes} columns={columns} rowKey={(r) => r.xgh} />
        <SmallTable caption={t('advisor.yesAbnormal')} rows={data.buzhengchang_yes} columns={withTime} rowKey={(r) => r.xgh} />
      </Box>
    </Section>
  );
}
