import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicPersonLight } from '../../../common/wire.ts';
import {
  ACTIONS,
  type ActivityFilter,
  type ActivityPage,
  ActivityTable,
  activityQuery,
  downloadExport,
  OBJECTS,
  useActivityLabels,
} from '../../console/activity-log.tsx';
import { api } from '../../console/api.ts';
import { isAdmin, useSession } from '../../console/session.ts';
import { AdminOnly, ScreenHeader, useAction, usePaginationLabels } from '../../console/ui.tsx';
import { useT } from '../../i18n/index.tsx';

// The activity log for administrators: every entry, newest first, 50 a page from the
// server, filtered by person, object, action and dates; the export takes the same filters. A member is
// refused here (and by the server); their own entries are in their profile.

export default function ActivityScreen() {
  const { t, lang } = useT();
  const paginationLabels = usePaginationLabels();
  const session = useSession();
  const labels = useActivityLabels();
  const { busy, run } = useAction();
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [page, setPage] = useState(1);
  const admin = isAdmin(session);
  const log = useQuery({
    queryKey: ['activity', filter, page],
    queryFn: () => api.get<ActivityPage>(`/api/activity/${activityQuery(filter, { page: String(page) })}`),
    placeholderData: keepPreviousData,
    enabled: admin,
  });
  const people = useQuery({
    queryKey: ['people-light'],
    queryFn: () => api.get<PublicPersonLight[]>('/api/read_people/?onlylist=1'),
    enabled: admin,
  });

  const title = t('console.activity.title');
  if (!admin) {
    return <AdminOnly title={title} message={t('console.activity.adminOnly')} />;
  }

  const set = (patch: ActivityFilter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const personList = people.data ?? [];
  const chosen = personList.find((p) => String(p.pid) === filter.person) ?? null;
  const exportAs = (format: 'csv' | 'xlsx') =>
    run(
      () => downloadExport(format, filter, lang),
      () => t('console.activity.exported'),
    );
  const field = { size: 'small', sx: { minWidth: 0 } } as const;

  return (
    <Box sx={{ minWidth: 0 }}>
      <ScreenHeader title={title} intro={t('console.activity.intro')} columns="repeat(5, minmax(0, 1fr))">
        <Autocomplete
          options={personList}
          value={chosen}
          loading={people.isLoading}
          onChange={(_, p) => set({ person: p ? String(p.pid) : undefined })}
          getOptionLabel={(p) => `${p.username} (${lang === 'zh' ? p.name_zh : p.name_en || p.name_zh})`}
          isOptionEqualToValue={(a, b) => a.pid === b.pid}
          renderInput={(params) => <TextField {...params} label={t('console.activity.person')} placeholder={t('console.activity.anyone')} />}
          size="small"
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}
        />
        <TextField
          {...field}
          select
          label={t('console.activity.resource')}
          value={filter.resource ?? ''}
          onChange={(e) => set({ resource: e.target.value || undefined })}
        >
          <MenuItem value="">{t('console.activity.any')}</MenuItem>
          {OBJECTS.map((r) => (
            <MenuItem key={r} value={r}>
              {labels.object(r)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          label={t('console.activity.action')}
          value={filter.action ?? ''}
          onChange={(e) => set({ action: e.target.value || undefined })}
        >
          <MenuItem value="">{t('console.activity.any')}</MenuItem>
          {ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {labels.action(a)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          type="date"
          label={t('console.activity.from')}
          value={filter.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field}
          type="date"
          label={t('console.activity.to')}
          value={filter.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </ScreenHeader>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Button variant="outlined" size="small" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void exportAs('csv')}>
          {t('console.activity.exportCsv')}
        </Button>
        <Button variant="outlined" size="small" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void exportAs('xlsx')}>
          {t('console.activity.exportXlsx')}
        </Button>
        {Object.values(filter).some(Boolean) && (
          <Button size="small" onClick={() => set({ person: undefined, resource: undefined, action: undefined, from: undefined, to: undefined })}>
            {t('console.activity.reset')}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
          {busy ? t('console.activity.exporting') : log.data ? t('console.activity.total', { n: log.data.total }) : ''}
        </Typography>
      </Box>
      {log.isError ? (
        <Alert severity="error">{t('console.failed')}</Alert>
      ) : (
        <ActivityTable entries={log.data?.entries ?? []} loading={log.isLoading} label={title} />
      )}
      <TablePagination
        component="div"
        count={log.data?.total ?? 0}
        page={Math.max(0, page - 1)}
        onPageChange={(_, p) => setPage(p + 1)}
        rowsPerPage={50}
        rowsPerPageOptions={[50]}
        {...paginationLabels}
      />
    </Box>
  );
}
