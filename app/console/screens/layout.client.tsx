import AssessmentIcon from '@mui/icons-material/Assessment';
import FolderIcon from '@mui/icons-material/Folder';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import InfoIcon from '@mui/icons-material/Info';
import PersonIcon from '@mui/icons-material/Person';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import ScheduleIcon from '@mui/icons-material/Schedule';
import StorageIcon from '@mui/icons-material/Storage';
import WebIcon from '@mui/icons-material/Web';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { Frame, type FrameLink } from '../frame.tsx';
import { consoleIconOf } from '../icons.tsx';
import { consoleNav, type OwnScreen } from '../nav.ts';
import { QuickSearch } from '../quick-search.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Route } from '../../routes/console/+types/layout.ts';

// The console frame around the screens (the route module, routes/console/layout.tsx, checks the login).

// the screens of their own; a declared screen's icon is in its declaration
const icons: Record<OwnScreen, ReactElement> = {
  home: <HomeIcon />,
  data: <StorageIcon />,
  info: <InfoIcon />,
  site: <WebIcon />,
  activity: <HistoryIcon />,
  report: <AssessmentIcon />,
  trash: <RestoreFromTrashIcon />,
  profile: <PersonIcon />,
  private_image: <ImageIcon />,
  private_data: <FolderIcon />,
  private_time: <ScheduleIcon />,
};

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
            icon: icons[item.own],
            end: item.own === 'home',
          }
        : { key: item.key, path: item.path, label: item.res.label[lang], icon: consoleIconOf[item.icon] },
    );
  // the advisor account also reaches its own area from here
  if (session.advisor) links.push({ key: 'advisor', path: `/${session.username}/pingan`, label: t('advisor.area'), icon: <HealthAndSafetyIcon /> });
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
