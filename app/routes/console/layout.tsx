import '../../lib/no-eval.ts';
import '../../i18n/console.ts';
import { redirect } from 'react-router';
import { clientScreen } from '../../console/client-screen.ts';
import { FrameFallback } from '../../console/fallback.tsx';
import ConsoleLayout from '../../console/screens/layout.client.tsx';
import { PASSWORD_FORM, TWO_FACTOR_FORM, readSession } from '../../lib/session.ts';
import type { Route } from './+types/layout.ts';
import { siteRelative } from '../../lib/base.ts';
import { paths } from '../../../common/paths.ts';

// The console frame (SPEC §2): a client-rendered area behind the stored login of SPEC §4. A missing or
// expired login goes to /login?redirect=<this page>; a token the server refuses does too (console/api.ts).
// The route modules under routes/console/ and routes/advisor/ are thin: their screens are `.client`
// modules, left out of the server build, which renders only the HydrateFallback here.
// A loader's redirect names a path of the site: React Router puts its basename (BASE_PATH) on it (app/lib/base.ts).

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = readSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(paths.login(siteRelative(url.pathname) + url.search));
  }
  // an initial password is replaced before anything else (the server enforces it; this shows the way)
  const here = siteRelative(new URL(request.url).pathname);
  if (session.mustChangePassword && here !== '/console/profile') throw redirect(PASSWORD_FORM);
  if (session.twoFactorMissing && here !== '/console/profile') throw redirect(TWO_FACTOR_FORM);
  return { session };
}
// the stored login lives in the browser, so the check runs there, also on the first load
clientLoader.hydrate = true as const;

export const HydrateFallback = FrameFallback;

export function meta() {
  return [{ title: '实验室网站管理后台 · Lab Website Console' }, { name: 'robots', content: 'noindex' }];
}

export default clientScreen(ConsoleLayout);
