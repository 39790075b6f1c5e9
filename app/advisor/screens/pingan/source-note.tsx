import Alert from '@mui/material/Alert';
import type { PinganToday, PinganYesterday } from '../../../../common/advisor.ts';
import { useT } from '../../../i18n/index.tsx';

/** Why the upstream gave no figures, and whether an imported file stood in for it. */
export function SourceNote({ data }: { data: PinganToday | PinganYesterday }) {
  const { t } = useT();
  if (!data.source_error) return null;
  return (
    <Alert severity={data.source ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
      {t(`advisor.failure.${data.source_error}`)} {data.source === 'import' ? t('advisor.fallback') : ''}
    </Alert>
  );
}
