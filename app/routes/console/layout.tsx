import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import InfoIcon from '@mui/icons-material/Info';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import ScheduleIcon from '@mui/icons-material/Schedule';
import StorageIcon from '@mui/icons-material/Storage';
import UndoIcon from '@mui/icons-material/Undo';
import WebIcon from '@mui/icons-material/Web';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactElement, useEffect, useState } from 'react';
import { NavLink, Outlet, redirect, useLocation, useNavigate, useRevalidator } from 'react-router';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LANG_COOKIE } from '../../../common/lang.ts';
import { consoleNav, type ConsoleKey } from '../../console/nav.ts';
import { ConfirmProvider } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';
import { logout, readSession } from '../../lib/session.ts';
import type { Route } from './+types/layout.ts';

// The console frame (SPEC §2): a client-rendered area behind the stored login of SPEC §4. A missing or
// expired login goes to /login?redirect=<this page>; a token the server refuses does too (console/api.ts).

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = readSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { session };
}
// the stored login lives in the browser, so the check runs there, also on the first load
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}

export function meta() {
  return [{ title: '实验室网站管理后台 · Lab Website Console' }, { name: 'robots', content: 'noindex' }];
}

const theme = createTheme({
  palette: { primary: { main: '#1e4f91' }, secondary: { main: '#b5482b' }, background: { default: '#f5f7fa' } },
  breakpoints: { values: { xs: 0, sm: 400, md: 800, lg: 1200, xl: 1536 } },
});

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

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

const DRAWER = 240;

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { session } = loaderData;
  const admin = session.authority === 'admin';
  const wide = useMediaQuery('(min-width:800px)', { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const setLang = (next: 'zh' | 'en' | null) => {
    if (!next || next === lang) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the same `lang` cookie the public language menu sets
    document.cookie = `${LANG_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
    revalidator.revalidate();
  };

  useEffect(() => {
    document.title = t('console.title');
  }, [t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the phone drawer closes whenever the page changes
  useEffect(() => setOpen(false), [location.pathname]);

  const drawer = (
    <Box sx={{ width: DRAWER }} role="navigation" aria-label={t('console.menu')}>
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={session.portrait || undefined} alt="" sx={{ width: 48, height: 48 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {lang === 'zh' ? session.name || session.name_en : session.name_en || session.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(admin ? 'console.admin' : 'console.user')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', px: 1, gap: 1 }}>
        <Tooltip title={t('console.home')}>
          <IconButton href="/" aria-label={t('console.home')}>
            <HomeIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('console.back')}>
          <IconButton onClick={() => navigate(-1)} aria-label={t('console.back')}>
            <UndoIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('console.logout')}>
          <IconButton
            aria-label={t('console.logout')}
            onClick={async () => {
              await logout();
              window.location.assign('/login');
            }}
          >
            <LogoutIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ px: 2, pt: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={lang} onChange={(_, v) => setLang(v)} aria-label={t('console.language')}>
          <ToggleButton value="zh" lang="zh">
            中文
          </ToggleButton>
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Divider sx={{ my: 1 }} />
      <List dense>
        {consoleNav
          .filter((item) => admin || !item.admin)
          .map((item) => (
            <ListItemButton key={item.key} component={NavLink} to={item.path} end={item.key === 'home'} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
              <ListItemIcon>{icons[item.key]}</ListItemIcon>
              <ListItemText primary={t(`console.${item.key}`)} />
            </ListItemButton>
          ))}
      </List>
    </Box>
  );

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider autoHideDuration={2000} maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
            <ConfirmProvider>
              <Box sx={{ display: 'flex', minHeight: '100vh' }}>
                {wide ? (
                  <Drawer variant="permanent" sx={{ width: DRAWER, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER } }}>
                    {drawer}
                  </Drawer>
                ) : (
                  <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} ModalProps={{ keepMounted: true }}>
                    {drawer}
                  </Drawer>
                )}
                <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
                  {!wide && (
                    <AppBar position="sticky">
                      <Toolbar variant="dense">
                        <IconButton color="inherit" edge="start" aria-label={t('console.menu')} onClick={() => setOpen(true)}>
                          <MenuIcon />
                        </IconButton>
                        <Typography sx={{ ml: 1 }} noWrap>
                          {t('console.title')}
                        </Typography>
                      </Toolbar>
                    </AppBar>
                  )}
                  <Box sx={{ p: { xs: 1, sm: 2, md: 3 } }}>
                    <Outlet context={{ session }} />
                  </Box>
                </Box>
              </Box>
            </ConfirmProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}

