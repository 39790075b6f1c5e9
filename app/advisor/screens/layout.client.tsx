import FactCheckIcon from '@mui/icons-material/FactCheck';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import { Outlet } from 'react-router';
import { Frame } from '../../console/frame.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Route } from '../../routes/advisor/+types/layout.ts';

// The advisor area's frame around its screens (the route module, routes/advisor/layout.tsx, checks who may enter).

export default function AdvisorLayout({ loaderData, params }: Route.ComponentProps) {
  const { t } = useT();
  const { session } = loaderData;
  const base = `/${params.advisor}`;
  const links = [
    { key: 'pingan', path: `${base}/pingan`, label: t('advisor.pingan'), icon: <HealthAndSafetyIcon /> },
    { key: 'info', path: `${base}/info`, label: t('advisor.info'), icon: <FactCheckIcon /> },
    { key: 'console', path: '/console', label: t('advisor.console'), icon: <SpaceDashboardIcon />, end: true },
  ];
  return (
    <Frame session={session} title={t('advisor.title')} authority={t('advisor.authority')} links={links}>
      <Outlet context={{ session }} />
    </Frame>
  );
}
