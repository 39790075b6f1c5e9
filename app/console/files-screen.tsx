import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';
import { formatInstant, formatSize } from './format.ts';
import { isAdmin, useSession } from './session.ts';
import { useConfirm, useNotify, usePaginationLabels } from './ui.tsx';
import { filesBody, UploadPanel } from './uploads.tsx';
import { at } from '../lib/base.ts';

// SPEC §2 console/data and console/private_data: one screen, two owners. Shared files (owner "public")
// show their uploader and may be deleted by the uploader or an administrator; private files
// (owner = one's username) are one's own.

export type FileRecord = {
  did: number;
  filename: string;
  url: string;
  size: number;
  created_at: string;
  name_zh: string;
  owner: string;
  uid: string;
  username: string;
};

const PAGE = 10;

export function FilesScreen({ scope }: { scope: 'public' | 'private' }) {
  const { t } = useT();
  const paginationLabels = usePaginationLabels();
  const session = useSession();
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const owner = scope === 'public' ? 'public' : session.username;
  const path = scope === 'public' ? '/api/data/' : `/api/data/?owner=${encodeURIComponent(owner)}`;
  const key = ['data', owner];
  const list = useQuery({ queryKey: key, queryFn: () => api.get<FileRecord[]>(path) });
  const rows = list.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages - 1);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const canDelete = (r: FileRecord) => scope === 'private' || r.username === session.username || isAdmin(session);
  const shared = scope === 'public';

  async function upload(files: File[], onProgress: (f: number) => void): Promise<boolean> {
    try {
      // SPEC §7: uid, username and name_zh travel with the files (the server records the logged-in member)
      await api.send('POST', '/api/data/', { uid: session.uid, username: session.username, name_zh: session.name, owner, ...filesBody(files) }, onProgress);
      notify.ok(t('console.fileUploaded'));
      setPage(0);
      await reload();
      return true;
    } catch (e) {
      notify.fail(e);
      return false;
    }
  }

  async function remove(r: FileRecord) {
    if (!(await confirm(t('console.confirmDelete')))) return;
    try {
      await api.del(`/api/data/?did=${r.did}`);
      notify.ok(t('console.fileDeleted'));
      await reload();
    } catch (e) {
      notify.fail(e);
    }
  }

  const columns = shared ? 6 : 5;
  const title = t(shared ? 'console.data' : 'console.private_data');

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <UploadPanel
        hint={t(shared ? 'consoleFiles.publicHint' : 'consoleFiles.privateHint')}
        chooseLabel={t('consoleFiles.chooseFiles')}
        uploadLabel={t('console.upload')}
        upload={upload}
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('console.serial')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('console.uploadTime')}</TableCell>
                <TableCell>{t('console.fileName')}</TableCell>
                <TableCell align="right">{t('console.size')}</TableCell>
                {shared && <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('console.uploader')}</TableCell>}
                <TableCell>{t('console.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns}>{list.isLoading ? t('console.loading') : list.isError ? t('console.failed') : t('console.empty')}</TableCell>
                </TableRow>
              )}
              {rows.slice(current * PAGE, current * PAGE + PAGE).map((r, i) => (
                <TableRow key={r.did} hover>
                  <TableCell>{current * PAGE + i + 1}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstant(r.created_at)}</TableCell>
                  <TableCell sx={{ minWidth: 160, maxWidth: 360, overflowWrap: 'anywhere' }}>
                    <Link href={at(r.url)} target="_blank" rel="noopener" aria-label={t('consoleFiles.open', { name: r.filename })}>
                      {r.filename}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatSize(r.size)}
                  </TableCell>
                  {shared && <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.name_zh}</TableCell>}
                  <TableCell>
                    {canDelete(r) && (
                      <Button size="small" color="error" aria-label={t('consoleFiles.deleteNamed', { name: r.filename })} onClick={() => void remove(r)}>
                        {t('console.delete')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          {...paginationLabels}
        />
      </Paper>
    </Box>
  );
}
