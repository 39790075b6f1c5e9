import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useId } from 'react';
import { useT } from '../../../i18n/index.tsx';
import type { InfoPage } from './draft.ts';

/** One tab per page (by order), and the panel of the current one. */
export function InfoTabs({
  pages,
  current,
  onSelect,
  children,
}: {
  pages: InfoPage[];
  current: InfoPage;
  onSelect: (iid: number) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const ids = useId();
  const tabId = (iid: number) => `${ids}-tab-${iid}`;
  const panelId = `${ids}-panel`;
  return (
    <Paper variant="outlined">
      <Tabs
        value={current.iid}
        onChange={(_, v: number) => onSelect(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('consoleInfo.tabs')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {pages.map((p) => (
          <Tab key={p.iid} value={p.iid} label={p.aspect || '—'} id={tabId(p.iid)} aria-controls={panelId} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={tabId(current.iid)} sx={{ p: { xs: 1.5, md: 3 } }}>
        {children}
      </Box>
    </Paper>
  );
}
