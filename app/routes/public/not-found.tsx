import { data as dataResponse, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { pageDataContext } from '#page-context';
import { useT } from '../../i18n/index.tsx';
import type { Route } from './+types/not-found.ts';

// Any path no page claims, and the "not found" of pages whose record does not exist: status 404.

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(pageDataContext);
  throw dataResponse({ lang: data.lang }, { status: 404 });
}

export function NotFoundView() {
  const { t } = useT();
  return (
    <div className="container centered">
      <title>{t('notFound.title')}</title>
      <meta name="robots" content="noindex" />
      <h1>404 · {t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Link className="button" to="/">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <div className="container centered">
      <title>{t('error.title')}</title>
      <h1>{t('error.title')}</h1>
      <p className="muted">{t('error.text')}</p>
    </div>
  );
}

export default function NotFound() {
  return <NotFoundView />;
}
