import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { pick } from '../../../common/lang.ts';
import { AccountMenu } from '../../components/account-menu.tsx';
import { LanguageMenu } from '../../components/language-menu.tsx';
import { paths, publicNav } from '../../lib/paths.ts';
import { useRootData } from '../../root.tsx';

// The shared public frame of SPEC §2: top bar (transparent on the home page until scrolled past
// max(window width / 3, 200 px)), navigation, language menu, login or account menu, and the footer.

function useSolidBar(home: boolean): boolean {
  const [solid, setSolid] = useState(!home);
  useEffect(() => {
    if (!home) {
      setSolid(true);
      return;
    }
    const update = () => setSolid(window.scrollY > Math.max(window.innerWidth / 3, 200));
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [home]);
  return solid;
}

function activeTab(pathname: string): string | false {
  const p = pathname.toLowerCase();
  for (const [, href] of [...publicNav].reverse()) {
    if (href === '/' ? p === '/' : p === href.toLowerCase() || p.startsWith(`${href.toLowerCase()}/`)) return href;
  }
  if (p.startsWith('/blog/')) return paths.news();
  return false;
}

export default function PublicFrame() {
  const { t } = useTranslation();
  const { site, lang } = useRootData();
  const location = useLocation();
  const home = location.pathname === '/';
  const solid = useSolidBar(home);
  const [drawer, setDrawer] = useState(false);
  const labName = pick(site.lab_name_zh, site.lab_name_en, lang);
  const color = solid ? 'primary' : 'transparent';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link href="#main" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        {t('nav.skip')}
      </Link>
      <AppBar position={home ? 'fixed' : 'sticky'} color={color} elevation={solid ? 3 : 0} sx={{ transition: 'background-color .3s', color: 'common.white', ...(solid ? {} : { backgroundImage: 'linear-gradient(rgba(0,0,0,.45), transparent)' }) }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label={t('nav.menu')} onClick={() => setDrawer(true)} sx={{ display: { sm: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Typography component={RouterLink} to="/" variant="h6" sx={{ color: 'inherit', textDecoration: 'none', whiteSpace: 'nowrap', mr: 2, fontSize: { xs: '1rem', sm: '1.15rem' } }}>
            {t('lab.short')}
          </Typography>
          <Tabs
            component="nav"
            value={activeTab(location.pathname)}
            textColor="inherit"
            indicatorColor="secondary"
            variant="scrollable"
            scrollButtons={false}
            sx={{ flexGrow: 1, display: { xs: 'none', sm: 'flex' }, minHeight: 64, '& .MuiTab-root': { minHeight: 64, minWidth: 0, px: 1.5, opacity: 0.9 } }}
          >
            {publicNav.map(([key, href]) => (
              <Tab key={key} label={t(`nav.${key}`)} value={href} component={NavLink} to={href} end={href === '/'} />
            ))}
          </Tabs>
          <Box sx={{ flexGrow: { xs: 1, sm: 0 } }} />
          <LanguageMenu />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Drawer open={drawer} onClose={() => setDrawer(false)}>
        <Box component="nav" sx={{ width: 240 }} aria-label={t('nav.menu')}>
          <List>
            {publicNav.map(([key, href]) => (
              <ListItemButton key={key} component={NavLink} to={href} end={href === '/'} onClick={() => setDrawer(false)}>
                {t(`nav.${key}`)}
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ bgcolor: '#14253d', color: 'grey.300', mt: 6, py: 4 }}>
        <Container sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="subtitle1" component="p" sx={{ color: 'common.white', fontWeight: 600 }}>
              {labName}
            </Typography>
            {pick(site.location_zh, site.location_en, lang) && (
              <Typography variant="body2">
                {t('footer.location')}: {pick(site.location_zh, site.location_en, lang)}
              </Typography>
            )}
            {site.email && (
              <Typography variant="body2">
                {t('footer.contact')}:{' '}
                <Link href={`mailto:${site.email}`} color="inherit">
                  {site.email}
                </Link>
              </Typography>
            )}
            {lang === 'zh' && site.filing_number && (
              <Typography variant="body2">
                <Link href="https://beian.miit.gov.cn/" color="inherit" rel="noopener" target="_blank">
                  {site.filing_number}
                </Link>
              </Typography>
            )}
          </Box>
          {site.qr_image_url && <Box component="img" src={site.qr_image_url} alt={t('footer.qr')} width={96} height={96} loading="lazy" sx={{ bgcolor: 'common.white', p: 0.5, borderRadius: 1 }} />}
        </Container>
      </Box>
    </Box>
  );
}
