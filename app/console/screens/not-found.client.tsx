import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/index.tsx';

export default function ConsoleNotFound() {
  const { t } = useT();
  return (
    <Typography variant="h5" component="h1">
      404 · {t('notFound.title')}
    </Typography>
  );
}
