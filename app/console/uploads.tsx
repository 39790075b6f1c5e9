import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadIcon from '@mui/icons-material/Upload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import type { Body } from './api.ts';
import { formatSize } from './format.ts';
import { at } from '../lib/base.ts';
import { FilePickButton } from './ui.tsx';

// Choosing several files, reviewing them (with picture previews for images), removing any before the
// upload, then one multipart upload with a progress bar: shared by data, private data and images.

type Pending = { id: number; file: File; preview: string | null };

/** `files[0]`, `files[1]`, … of a multipart body (DESIGN.md "Files in multipart"). */
export function filesBody(files: File[]): Body {
  return Object.fromEntries(files.map((f, i) => [`files[${i}]`, f]));
}

type Props = {
  /** The input's accept attribute. */
  accept?: string;
  /** Show a picture of every chosen file (images). */
  previews?: boolean;
  chooseLabel: string;
  uploadLabel: string;
  /** Files refused when chosen (a message names them); the rest are kept. */
  accepts?: (file: File) => boolean;
  refused?: (names: string[]) => void;
  /** Sends the files; resolves true when they were saved (the list is then emptied). */
  upload: (files: File[], onProgress: (fraction: number) => void) => Promise<boolean>;
  hint?: string;
};

let nextId = 1;

export function UploadPanel({ accept, previews = false, chooseLabel, uploadLabel, accepts, refused, upload, hint }: Props) {
  const { t } = useT();
  const [items, setItems] = useState<Pending[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // object URLs of previews are released when their file leaves the list or the screen closes
  useEffect(
    () => () => {
      for (const i of itemsRef.current) if (i.preview) URL.revokeObjectURL(i.preview);
    },
    [],
  );

  const busy = progress !== null;

  function choose(list: FileList | null) {
    if (!list) return;
    const files = [...list];
    const bad = accepts ? files.filter((f) => !accepts(f)) : [];
    if (bad.length > 0) refused?.(bad.map((f) => f.name));
    const good = files.filter((f) => !bad.includes(f));
    setItems((cur) => [...cur, ...good.map((file) => ({ id: nextId++, file, preview: previews ? URL.createObjectURL(file) : null }))]);
  }

  function remove(id: number) {
    setItems((cur) => {
      const gone = cur.find((i) => i.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return cur.filter((i) => i.id !== id);
    });
  }

  async function send() {
    if (items.length === 0) return;
    setProgress(0);
    try {
      const done = await upload(
        items.map((i) => i.file),
        (f) => setProgress(Math.round(f * 100)),
      );
      if (done) {
        for (const i of items) if (i.preview) URL.revokeObjectURL(i.preview);
        setItems([]);
      }
    } finally {
      setProgress(null);
    }
  }

  const total = items.reduce((n, i) => n + i.file.size, 0);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FilePickButton
          variant="outlined"
          disabled={busy}
          input={{
            multiple: true,
            accept,
            onChange: (e) => {
              choose(e.target.files);
              // the same file can be chosen again after being removed
              e.target.value = '';
            },
          }}
        >
          {chooseLabel}
        </FilePickButton>
        <Button variant="contained" startIcon={<UploadIcon />} disabled={busy || items.length === 0} onClick={() => void send()}>
          {busy ? t('console.uploading') : uploadLabel}
        </Button>
        {items.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('consoleFiles.chosen', { n: items.length, size: formatSize(total) })}
          </Typography>
        )}
      </Box>
      {busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <LinearProgress variant="determinate" value={progress} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} aria-label={t('consoleFiles.progress')} />
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
            {progress}%
          </Typography>
        </Box>
      )}
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label={t('consoleFiles.pending')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1.5,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: previews ? 'repeat(auto-fill, minmax(150px, 1fr))' : '1fr',
          }}
        >
          {items.map((i) => (
            <Box
              component="li"
              key={i.id}
              sx={{
                position: 'relative',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 1,
                display: 'flex',
                alignItems: previews ? 'stretch' : 'center',
                flexDirection: previews ? 'column' : 'row',
                gap: 1,
                minWidth: 0,
              }}
            >
              {previews && i.preview ? (
                <Box
                  component="img"
                  src={at(i.preview)}
                  alt=""
                  sx={{ width: '100%', height: 110, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 0.5 }}
                />
              ) : (
                <InsertDriveFileIcon color="action" fontSize="small" />
              )}
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="body2" noWrap title={i.file.name}>
                  {i.file.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatSize(i.file.size)}
                </Typography>
              </Box>
              <IconButton
                size="small"
                disabled={busy}
                aria-label={t('consoleFiles.remove', { name: i.file.name })}
                title={t('console.cancel')}
                onClick={() => remove(i.id)}
                sx={previews ? { position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: '#fff' } } : {}}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** One file, sent as soon as it is chosen (an import); the same file may be chosen again. */
export function FileButton({ label, accept, disabled, onFile }: { label: string; accept: string; disabled?: boolean; onFile: (file: File) => void }) {
  return (
    <FilePickButton
      variant="outlined"
      startIcon={<UploadFileIcon />}
      disabled={disabled}
      input={{
        accept,
        onChange: (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        },
      }}
    >
      {label}
    </FilePickButton>
  );
}
