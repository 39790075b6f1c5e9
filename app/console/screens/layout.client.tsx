import { Outlet } from 'react-router';
import { Frame, type FrameLink } from '../frame.tsx';
import { advisorIcon, navIcon } from '../icons.tsx';
import { consoleNav } from '../nav.ts';
import { QuickSearch } from '../quick-search.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Route } from '../../routes/console/+types/layout.ts';

// The console frame around the screens (the route module, routes/console/layout.tsx, checks the login).

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { session } = loaderData;
  const admin = session.authority === 'admin';
  const links: FrameLink[] = consoleNav
    .filter((item) => admin || !item.admin)
    .map((item) =>
      'own' in item
        ? {
            key: item.key,
            path: item.path,
            label: item.own === 'activity' || item.own === 'report' || item.own === 'trash' ? t(`console.${item.own}.title`) : t(`console.${item.own}`),
            icon: navIcon(item),
            end: item.own === 'home',
          }
        : { key: item.key, path: item.path, label: item.res.label[lang], icon: navIcon(item) },
    );
  // the advisor account also reaches its own area from here
  if (session.advisor) links.push({ key: 'advisor', path: `/${session.username}/pingan`, label: t('advisor.area'), icon: advisorIcon });
  return (
    <Frame
      session={session}
      title={t('console.title')}
      authority={t(admin ? 'console.admin' : 'console.user')}
      links={links}
      search={(onBar) => <QuickSearch admin={admin} onBar={onBar} />}
    >
      <Outlet context={{ session }} />
    </Frame>
  );
}
