import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type DragEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ApiFailure, api } from './api.ts';
import { useSession } from './session.ts';
import { FilePickButton, useNotify } from './ui.tsx';
import { filesBody } from './uploads.tsx';
import { at } from '../lib/base.ts';

// An image in a markdown or HTML text: the editors' image button, or an image pasted or dropped
// into the text, opens a dialog that uploads it to the member's "My images" (POST /api/image/, as the My
// images screen does) or picks one already there, asks for its alt text (required) and inserts it at the
// cursor: `![alt](url)` in markdown, `<img alt="…" src="…">` in HTML.

export type ImageRecord = { iid: number; url: string; filename: string; size: number; username: string };

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/bmp,.png,.jpg,.jpeg,.bmp';
export const isImageFile = (f: File) => /^image\/(png|jpeg|bmp|x-ms-bmp)$/.test(f.type) || /\.(png|jpe?g|bmp)$/i.test(f.name);

/** The member's images, as the My images screen lists them (one query, shared with it). */
export function useMyImages() {
  const session = useSession();
  const key = ['image', session.username];
  const list = useQuery({ queryKey: key, queryFn: () => api.get<ImageRecord[]>(`/api/image/?username=${encodeURIComponent(session.username)}`) });
  const queryClient = useQueryClient();
  return { session, list, reload: () => queryClient.invalidateQueries({ queryKey: key }) };
}

/** The text that shows an image, in the editor's language. */
function imageMarkup(format: 'markdown' | 'html', url: string, alt: string): string {
  if (format === 'markdown') return `![${alt.replace(/[[\]\\]/g, '\\$&').replace(/\s+/g, ' ')}](${url.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<img alt="${attr(alt)}" src="${attr(url)}">`;
}

/** The first image file of a paste or a drop, if it carries one. */
function imageOf(data: DataTransfer | null): File | undefined {
  return [...(data?.files ?? [])].find(isImageFile);
}

/**
 * The image tools of a text editor: its button, the paste and drop handlers for its text area, and the
 * dialog. What the dialog inserts goes where the cursor was when it opened.
 */
export function useImageInsertion(area: RefObject<HTMLTextAreaElement | null>, value: string, onChange: (v: string) => void, format: 'markdown' | 'html') {
  const { t } = useT();
  const [open, setOpen] = useState<{ file: File | null; at: number } | null>(null);
  const cursor = () => area.current?.selectionEnd ?? value.length;
  const start = (file: File | null) => setOpen({ file, at: cursor() });
  const insert = (url: string, alt: string) => {
    const at = Math.min(open?.at ?? value.length, value.length);
    const text = imageMarkup(format, url, alt);
    onChange(value.slice(0, at) + text + value.slice(at));
    setOpen(null);
    const el = area.current;
    if (el)
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(at + text.length, at + text.length);
      });
  };
  const onPaste = (e: ClipboardEvent) => {
    const file = imageOf(e.clipboardData);
    if (!file) return;
    e.preventDefault();
    start(file);
  };
  const onDrop = (e: DragEvent) => {
    const file = imageOf(e.dataTransfer);
    if (!file) return;
    e.preventDefault();
    start(file);
  };
  const button = (
    <Button size="small" variant="outlined" startIcon={<ImageIcon />} onClick={() => start(null)}>
      {t('consoleWork.image.button')}
    </Button>
  );
  const dialog = open && <ImageInsertDialog file={open.file} onClose={() => setOpen(null)} onInsert={insert} />;
  return { button, dialog, onPaste, onDrop };
}

function ImageInsertDialog({ file, onClose, onInsert }: { file: File | null; onClose: () => void; onInsert: (url: string, alt: string) => void }) {
  const { t } = useT();
  const id = useId();
  const notify = useNotify();
  const narrow = !useMediaQuery('(min-width:600px)', { noSsr: true });
  const { session, list, reload } = useMyImages();
  const [chosen, setChosen] = useState<File | null>(file);
  const [picked, setPicked] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = useRef<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreviewUrl(preview.current);
  }, [chosen]);
  useEffect(
    () => () => {
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  async function insert() {
    if (alt.trim() === '') {
      setAltError(true);
      return;
    }
    if (picked) return onInsert(picked, alt.trim());
    if (!chosen) return;
    setBusy(true);
    try {
      const before = new Set((list.data ?? []).map((i) => i.iid));
      await api.send('POST', '/api/image/', { username: session.username, screenname: session.name, ...filesBody([chosen]) });
      await reload();
      const after = await api.get<ImageRecord[]>(`/api/image/?username=${encodeURIComponent(session.username)}`);
      const added = after.filter((i) => !before.has(i.iid)).sort((a, b) => b.iid - a.iid)[0];
      if (!added) throw new Error('uploaded image not found');
      notify.ok(t('console.imageUploaded'));
      onInsert(added.url, alt.trim());
    } catch (e) {
      notify.lines([t('console.failed'), ...(e instanceof ApiFailure && e.fields ? e.lines() : [])]);
    } finally {
      setBusy(false);
    }
  }

  const images = list.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t('consoleWork.image.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <FilePickButton
            variant="outlined"
            disabled={busy}
            input={{
              accept: IMAGE_ACCEPT,
              onChange: (e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (!f) return;
                if (!isImageFile(f)) {
                  notify.lines([t('consoleFiles.notImage', { names: f.name })]);
                  return;
                }
                setChosen(f);
                setPicked(null);
              },
            }}
          >
            {t('consoleWork.image.upload')}
          </FilePickButton>
          {chosen && !picked && (
            <Typography variant="body2" color="text.secondary">
              {t('consoleWork.image.toUpload', { name: chosen.name })}
            </Typography>
          )}
        </Box>
        {chosen && !picked && previewUrl && (
          <Box component="img" src={at(previewUrl)} alt="" sx={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain', display: 'block', mb: 1 }} />
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          {t('consoleWork.image.mine')}
        </Typography>
        {images.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {list.isLoading ? t('console.loading') : t('console.noImages')}
          </Typography>
        ) : (
          <Box
            role="radiogroup"
            aria-label={t('consoleWork.image.mine')}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', maxHeight: 280, overflow: 'auto', py: 0.5 }}
          >
            {images.map((img) => (
              <Box
                key={img.iid}
                component="button"
                type="button"
                role="radio"
                aria-checked={picked === img.url}
                aria-label={img.filename}
                onClick={() => setPicked(img.url)}
                sx={{
                  p: 0.5,
                  border: 2,
                  borderColor: picked === img.url ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  cursor: 'pointer',
                  minWidth: 0,
                }}
              >
                <Box component="img" src={at(img.url)} alt="" loading="lazy" sx={{ width: '100%', height: 80, objectFit: 'contain', display: 'block' }} />
                <Typography variant="caption" noWrap component="span" sx={{ display: 'block' }}>
                  {img.filename}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        <TextField
          label={t('consoleWork.image.alt')}
          value={alt}
          onChange={(e) => {
            setAlt(e.target.value);
            if (e.target.value.trim()) setAltError(false);
          }}
          required
          fullWidth
          size="small"
          margin="dense"
          error={altError}
          helperText={altError ? t('consoleWork.image.altRequired') : t('consoleWork.image.altHint')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('console.cancel')}</Button>
        <Button variant="contained" disabled={busy || (!picked && !chosen)} onClick={() => void insert()}>
          {busy ? t('console.uploading') : t('consoleWork.image.insert')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
