import '../../lib/no-eval.ts';
import '../../i18n/console.ts';
import { data as dataResponse, redirect } from 'react-router';
import { pageDataContext } from '#page-context';
import AdvisorLayout from '../../advisor/screens/layout.client.tsx';
import { clientScreen } from '../../console/client-screen.ts';
import { FrameFallback } from '../../console/fallback.tsx';
import { readSession } from '../../lib/session.ts';
import { ErrorBoundary as PublicErrorBoundary } from '../public/not-found.tsx';
import type { Route } from './+types/layout.ts';
import { siteRelative } from '../../lib/base.ts';
import { paths } from '../../../common/paths.ts';

// The class-advisor area (SPEC §2): /{advisor username}/pingan and /info, client-rendered like the
// console (its screens are `.client` modules, left out of the server build; see routes/console/layout.tsx).
// The server knows which username has the area (ADVISOR_USERNAME): any other prefix is a 404.
// The browser holds the login: without one, the login page; logged in as anyone else, the console.
// The server refuses the area's calls to anyone but the advisor whatever this page decides.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { advisor } = context.get(pageDataContext);
  if (!advisor || params.advisor !== advisor) throw dataResponse(null, { status: 404 });
  return { advisor };
}

export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  const session = readSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(paths.login(siteRelative(url.pathname) + url.search));
  }
  if (session.username !== params.advisor || session.mustChangePassword) throw redirect(paths.console());
  await serverLoader();
  return { session };
}
clientLoader.hydrate = true as const;

export const HydrateFallback = FrameFallback;
export const ErrorBoundary = PublicErrorBoundary;

export function meta() {
  return [{ title: '班主任工作台 · Class advisor' }, { name: 'robots', content: 'noindex' }];
}

export default clientScreen(AdvisorLayout);
