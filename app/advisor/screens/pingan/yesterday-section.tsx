import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type PinganYesterday, type ReportRow, zeroReport } from '../../../../common/advisor.ts';
import { useNotify } from '../../../console/ui.tsx';
import { useT } from '../../../i18n/index.tsx';
import { copyText } from '../../copy.ts';
import { type Column, SmallTable } from '../../tables.tsx';
import { useRowColumns } from './row-columns.ts';
import { Section } from './section.tsx';
import { SourceNote } from './source-note.tsx';

/** Yesterday's zero report, ready to copy, with who did not report and whose report was abnormal. */
export function YesterdaySection({ data }: { data: PinganYesterday }) {
  const { t, lang } = useT();
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
