import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SaveIcon from '@mui/icons-material/Save';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DateCount, PinganBase, PinganToday, PinganYesterday } from '../../../../common/advisor.ts';
import { useAction } from '../../../console/ui.tsx';
import { useT } from '../../../i18n/index.tsx';
import { type Column, SmallTable } from '../../tables.tsx';
import type { PinganCalls } from './calls.ts';
import { type Move, MoveFields } from './move-fields.tsx';
import { Stat } from './stat.tsx';

type Own = { selfdez: string; selfdyz: string; xwzs: string };

/** A move as the PUT takes it: JSON, or '' when no count was typed. */
const moveBody = (m: Move) => (m.count.trim() === '' ? '' : JSON.stringify({ date: m.date, count: Number(m.count) }));

/** The parameters: the upstream's figures beside the advisor's own, the moves of yesterday and of the month. */
export function ParamsPanel({
  info,
  day,
  dateYes,
  calls,
  onChange,
}: {
  info: PinganBase;
  day: PinganToday | PinganYesterday | undefined;
  dateYes: string;
  calls: PinganCalls;
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

  const save = () =>
    run(
      async () => {
        await calls.saveParams({ ...own, lixiao_temp: moveBody(leave), fanxiao_temp: moveBody(back) });
        await onChange();
        setEdits({});
        setLeave((m) => ({ ...m, count: '' }));
        setBack((m) => ({ ...m, count: '' }));
      },
      () => t('console.saved'),
    );

  const figure = (n: number | undefined) => (day?.source ? n : '–');
  const number = (key: keyof Own) => (
    <TextField
      size="small"
      label={t(`advisor.${key}`)}
      value={own[key]}
      onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
    />
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
          <MoveFields label={t('advisor.leaving')} move={leave} onChange={setLeave} />
          <MoveFields label={t('advisor.returning')} move={back} onChange={setBack} />
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
