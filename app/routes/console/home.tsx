import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 console home: the traffic-analysis link and the time-management view (coming with the
// schedule screens).
export default function ConsoleHome() {
  const { t } = useT();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('console.title')}
      </Typography>
      <Link href="/">{t('console.home')}</Link>
    </>
  );
}
