import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import UndoIcon from '@mui/icons-material/Undo';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { enUS, zhCN } from '@mui/material/locale';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEnUS, zhCN as pickersZhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactElement, type ReactNode, useEffect, useMemo, useState } from 'react';
import { NavLink, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { Lang } from '../../common/enums.ts';
import { LANG_COOKIE } from '../../common/lang.ts';
import { type Theme as ThemeChoice, themes as themeChoices } from '../../common/theme.ts';
import { useT } from '../i18n/index.tsx';
import { logout, type StoredSession } from '../lib/session.ts';
import { chooseTheme, useTheme as useThemeChoice } from '../lib/theme.ts';
import { useRootData } from '../root.tsx';
import { ConfirmProvider } from './ui.tsx';
import { at } from '../lib/base.ts';

// The frame the console and the advisor area share (SPEC §2): a side drawer with the member's avatar,
// name and authority, home / back / logout, the language switch and the area's links; a menu button
// opens it on phones. The areas differ only in their links and title, and the console adds its quick
// search: at the head of the drawer's links on wide screens, in the app bar on phones.

export type FrameLink = { key: string; path: string; label: string; icon: ReactElement; end?: boolean };

// The console's colours follow the public site's theme: the reader's choice (the `theme` cookie,
// the same three-way choice as the public frame's menu, app/lib/theme.ts), else the system's preference.
// Each scheme's colours pass axe's colour-contrast rule on every console screen (tests/e2e/console-dark.test.ts,
// tests/e2e/a11y-console.test.ts). In the light scheme every colour a text or an outline is drawn in keeps 4.5:1
// (WCAG 1.4.3) on white and on a selected row under the pointer (primary at 12 %, #e4eaf2): MUI's own error, info,
// warning and success are 4.1, 3.2, 2.6 and 4.2:1 there (axe found the red Delete on a selected row and the
// "scheduled" chip).
const schemes = {
  light: {
    primary: { main: '#1e4f91' },
    secondary: { main: '#a33d22' },
    error: { main: '#b71c1c' },
    info: { main: '#01579b' },
    warning: { main: '#a14400' },
    success: { main: '#276b2b' },
    background: { default: '#f5f7fa' },
  },
  dark: {
    primary: { main: '#9cc0f5' },
    secondary: { main: '#f0a58c' },
    // a darker green and red than MUI's dark defaults would be unreadable on the dark paper: its lighter ones
    success: { main: '#81c784' },
    error: { main: '#f28b82' },
    info: { main: '#8fcaf9' },
    background: { default: '#10161f', paper: '#19212c' },
  },
} as const;

/** The heading's format is a prop the pickers read from the theme, though their types leave it out. */
const zhCalendarHeader = { MuiPickersCalendarHeader: { defaultProps: { format: 'YYYY年M月' } } } as ThemeOptions['components'];

/** The console's MUI theme in a colour scheme and a language (MUI's and the date pickers' own words). */
function consoleTheme(mode: 'light' | 'dark', lang: Lang) {
  return createTheme(
    {
      palette: { mode, ...schemes[mode] },
      breakpoints: { values: { xs: 0, sm: 400, md: 800, lg: 1200, xl: 1536 } },
      // words as written: MUI's capitals made "导入 BibTeX" read "导入 BIBTEX" and an address shout
      typography: { button: { textTransform: 'none' } },
      // the calendar's heading as each language writes a month: 2026年11月, not "十一月 2026"
      ...(lang === 'zh' ? { components: zhCalendarHeader } : {}),
    },
    lang === 'zh' ? zhCN : enUS,
    lang === 'zh' ? pickersZhCN : pickersEnUS,
  );
}

/** The scheme in force: the reader's choice, else the system's. */
function useScheme(): { choice: ThemeChoice; mode: 'light' | 'dark' } {
  const choice = useThemeChoice(useRootData()?.theme ?? 'system');
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return { choice, mode: choice === 'system' ? (systemDark ? 'dark' : 'light') : choice };
}

/** dayjs's locale of each language: the pickers' month and weekday names (日 一 二…). */
const pickerLocale = { zh: 'zh-cn', en: 'en' } as const;

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const DRAWER = 240;

type Props = {
  session: StoredSession;
  title: string;
  authority: string;
  links: FrameLink[];
  /** A search field the frame keeps in view (the console's quick search); it is told whether it sits on the phone's app bar. */
  search?: (onBar: boolean) => ReactNode;
  children: ReactNode;
};

export function Frame({ session, title, authority, links, search, children }: Props) {
  const { t, lang } = useT();
  const { choice, mode } = useScheme();
  const theme = useMemo(() => consoleTheme(mode, lang), [mode, lang]);
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
    document.title = title;
  }, [title]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the phone drawer closes whenever the page changes
  useEffect(() => setOpen(false), [location.pathname]);

  const drawer = (
    <Box sx={{ width: DRAWER }} role="navigation" aria-label={t('console.menu')}>
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={session.portrait ? at(session.portrait) : undefined} alt="" sx={{ width: 48, height: 48 }} />
        {/* the member's own name: data, in whatever letters it is written (tests/e2e/console-lists.test.ts) */}
        <Box sx={{ minWidth: 0 }} data-drawer-user>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {lang === 'zh' ? session.name || session.name_en : session.name_en || session.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {authority}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', px: 1, gap: 1 }}>
        <Tooltip title={t('console.home')}>
          <IconButton href={at('/')} aria-label={t('console.home')}>
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
              window.location.assign(at('/login'));
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
      <Box sx={{ px: 2, pt: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={choice} onChange={(_, v: ThemeChoice | null) => v && chooseTheme(v)} aria-label={t('theme.label')}>
          {themeChoices.map((key) => (
            <ToggleButton key={key} value={key}>
              {t(`theme.${key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Divider sx={{ my: 1 }} />
      {search && wide && (
        <Box role="search" sx={{ px: 2, pt: 0.5, pb: 0.5 }}>
          {search(false)}
        </Box>
      )}
      <List dense>
        {links.map((item) => (
          // a list holds list items alone (axe's list rule): each link in its own
          <ListItem key={item.key} disablePadding>
            <ListItemButton component={NavLink} to={item.path} end={item.end} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={pickerLocale[lang]}>
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
                        <Typography sx={{ ml: 1, flexShrink: 1, minWidth: 0, display: search ? { xs: 'none', sm: 'block' } : undefined }} noWrap>
                          {title}
                        </Typography>
                        {search && (
                          <Box role="search" sx={{ ml: { xs: 1, sm: 'auto' }, flex: { xs: 1, sm: '0 1 320px' }, minWidth: 0 }}>
                            {search(true)}
                          </Box>
                        )}
                      </Toolbar>
                    </AppBar>
                  )}
                  <Box sx={{ p: { xs: 1, sm: 2, md: 3 } }}>{children}</Box>
                </Box>
              </Box>
            </ConfirmProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
