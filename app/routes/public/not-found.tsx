import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { data as dataResponse, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { pageDataContext } from '#page-context';
import type { Route } from './+types/not-found.ts';

// Any path no page claims, and the "not found" of pages whose record does not exist: status 404.

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  throw dataResponse({ lang: data.lang }, { status: 404 });
}

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Container sx={{ py: 10, textAlign: 'center' }}>
      <title>{t('notFound.title')}</title>
      <meta name="robots" content="noindex" />
      <Typography variant="h1" gutterBottom>
        404 · {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <Container sx={{ py: 10, textAlign: 'center' }}>
      <title>{t('error.title')}</title>
      <Typography variant="h1" gutterBottom>
        {t('error.title')}
      </Typography>
      <Typography color="text.secondary">{t('error.text')}</Typography>
    </Container>
  );
}

export default function NotFound() {
  return <NotFoundView />;
}
