import Alert from '@mui/material/Alert';
import { ApiFailure } from '../console/api.ts';
import { useT } from '../i18n/index.tsx';

// A load that failed, shown where its data would be (a snackbar would vanish and leave an empty page).
export function LoadFailure({ error }: { error: unknown }) {
  const { t } = useT();
  const lines = error instanceof ApiFailure ? error.lines() : [t('console.failed')];
  return (
    <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Alert>
  );
}
