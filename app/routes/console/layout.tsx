import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import InfoIcon from '@mui/icons-material/Info';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import StorageIcon from '@mui/icons-material/Storage';
import WebIcon from '@mui/icons-material/Web';
import type { ReactElement } from 'react';
import { Outlet, redirect } from 'react-router';
import { Frame, FrameFallback, type FrameLink } from '../../console/frame.tsx';
import { type ConsoleKey, consoleNav } from '../../console/nav.ts';
import { useT } from '../../i18n/index.tsx';
import { PASSWORD_FORM, readSession } from '../../lib/session.ts';
import type { Route } from './+types/layout.ts';

// The console frame (SPEC §2): a client-rendered area behind the stored login of SPEC §4. A missing or
// expired login goes to /login?redirect=<this page>; a token the server refuses does too (console/api.ts).

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = readSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  // an initial password is replaced before anything else (the server enforces it; this shows the way)
  if (session.mustChangePassword && new URL(request.url).pathname !== '/console/profile') throw redirect(PASSWORD_FORM);
  return { session };
}
// the stored login lives in the browser, so the check runs there, also on the first load
clientLoader.hydrate = true as const;

export const HydrateFallback = FrameFallback;

export function meta() {
  return [{ title: '实验室网站管理后台 · Lab Website Console' }, { name: 'robots', content: 'noindex' }];
}

const icons: Record<ConsoleKey, ReactElement> = {
  home: <HomeIcon />,
  people: <PeopleIcon />,
  article: <ArticleIcon />,
  publication: <LibraryBooksIcon />,
  news: <NewspaperIcon />,
  seminar: <EventIcon />,
  data: <StorageIcon />,
  info: <InfoIcon />,
  site: <WebIcon />,
  profile: <PersonIcon />,
  private_image: <ImageIcon />,
  private_data: <FolderIcon />,
  private_time: <ScheduleIcon />,
};

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { session } = loaderData;
  const admin = session.authority === 'admin';
  const links: FrameLink[] = consoleNav
    .filter((item) => admin || !item.admin)
    .map((item) => ({ key: item.key, path: item.path, label: t(`console.${item.key}`), icon: icons[item.key], end: item.key === 'home' }));
  // the advisor account also reaches its own area from here
  if (session.advisor) links.push({ key: 'advisor', path: `/${session.username}/pingan`, label: t('advisor.area'), icon: <HealthAndSafetyIcon /> });
  return (
    <Frame session={session} title={t('console.title')} authority={t(admin ? 'console.admin' : 'console.user')} links={links}>
      <Outlet context={{ session }} />
    </Frame>
  );
}
