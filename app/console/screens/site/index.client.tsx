import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useOutletContext, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/index.tsx';
import { AdminOnly } from '../../ui.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { PagesPanel } from './pages-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ShowcasePanel } from './showcase-panel.tsx';

// The public site's own records (docs/site-content.md), for administrators: course and shared-task
// pages, the home page's showcase items (both through the generic table and editor) and the one site
// settings record (lab names, intro, footer, console titles), saved with PUT /api/site/ as an update.
// The tab is in the address (?tab=), so a reload or a link lands on it.

const TABS = ['pages', 'showcase', 'settings'] as const;
type TabKey = (typeof TABS)[number];

export default function SiteScreen() {
  const { t } = useT();
  const { session } = useOutletContext<{ session: StoredSession }>();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(wanted ?? '') ? (wanted as TabKey) : 'pages';

  if (session.authority !== 'admin') {
    return <AdminOnly title={t('consoleSite.title')} message={t('consoleSite.adminOnly')} />;
  }

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => setParams(v === 'pages' ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('consoleSite.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((key) => (
          <Tab key={key} value={key} label={t(`consoleSite.${key}`)} id={`site-tab-${key}`} aria-controls="site-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="site-panel" aria-labelledby={`site-tab-${tab}`}>
        {tab === 'pages' && <PagesPanel />}
        {tab === 'showcase' && <ShowcasePanel />}
        {tab === 'settings' && <SettingsPanel />}
      </Box>
    </Box>
  );
}
