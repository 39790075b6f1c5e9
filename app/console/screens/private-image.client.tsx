import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { api, ApiFailure } from '../../console/api.ts';
import { formatImageSize } from '../../console/format.ts';
import { IMAGE_ACCEPT, type ImageRecord, isImageFile, useMyImages } from '../../console/image-insert.tsx';
import { useConfirm, useNotify } from '../../console/ui.tsx';
import { filesBody, UploadPanel } from '../../console/uploads.tsx';
import { useT } from '../../i18n/index.tsx';
import { at } from '../../lib/base.ts';

// SPEC §2 console/private_image: choose several images (png, jpeg, jpg, bmp), review them with
// previews, remove any, confirm the upload; below, the saved gallery with name link, size and delete.

export default function PrivateImageScreen() {
  const { t } = useT();
  const notify = useNotify();
  const confirm = useConfirm();
  // the same list the editors' image dialog picks from (image-insert.tsx)
  const { session, list, reload } = useMyImages();
  const images = list.data ?? [];

  async function upload(files: File[], onProgress: (f: number) => void): Promise<boolean> {
    try {
      await api.send('POST', '/api/image/', { username: session.username, screenname: session.name, ...filesBody(files) }, onProgress);
      notify.ok(t('console.imageUploaded'));
      await reload();
      return true;
    } catch (e) {
      // SPEC §8: '出错啦', with the server's field messages when it gave any
      notify.lines([t('console.failed'), ...(e instanceof ApiFailure && e.fields ? e.lines() : [])]);
      return false;
    }
  }

  async function remove(img: ImageRecord) {
    if (!(await confirm(t('console.confirmDelete')))) return;
    try {
      await api.del(`/api/image/?iid=${img.iid}`);
      notify.ok(t('console.imageDeleted'));
      await reload();
    } catch (e) {
      notify.fail(e);
    }
  }

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('console.private_image')}
      </Typography>
      <UploadPanel
        accept={IMAGE_ACCEPT}
        previews
        hint={t('consoleFiles.imageHint')}
        chooseLabel={t('consoleFiles.chooseImages')}
        uploadLabel={t('consoleFiles.confirmUpload')}
        accepts={isImageFile}
        refused={(names) => notify.lines([t('consoleFiles.notImage', { names: names.join(', ') })])}
        upload={upload}
      />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('consoleFiles.gallery')}
        </Typography>
        {images.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('consoleFiles.count', { n: images.length })}
          </Typography>
        )}
      </Box>
      {images.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {list.isLoading ? t('console.loading') : list.isError ? t('console.failed') : t('console.noImages')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('consoleFiles.gallery')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))' }}
        >
          {images.map((img) => (
            <Card component="li" variant="outlined" key={img.iid} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardMedia
                component="img"
                image={at(img.url)}
                alt={img.filename}
                loading="lazy"
                sx={{ height: 150, objectFit: 'contain', bgcolor: 'grey.100' }}
              />
              <CardContent sx={{ pb: 0, flexGrow: 1, minWidth: 0 }}>
                <Link
                  href={at(img.url)}
                  target="_blank"
                  rel="noopener"
                  variant="body2"
                  sx={{ wordBreak: 'break-all' }}
                  aria-label={t('consoleFiles.open', { name: img.filename })}
                >
                  {img.filename}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {formatImageSize(img.size)}
                </Typography>
              </CardContent>
              <CardActions>
                <Button size="small" color="error" aria-label={t('consoleFiles.deleteNamed', { name: img.filename })} onClick={() => void remove(img)}>
                  {t('console.delete')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
