import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useT } from '../i18n/index.tsx';
import { at } from '../lib/base.ts';
import { FilePickButton } from './ui.tsx';

// An image field with the crop of SPEC §5: the chosen picture must be at least min width × height;
// the person frames it at the crop's aspect ratio, and the crop is sent at exactly the crop size.

type Props = {
  label: string;
  value: unknown;
  onChange: (v: File | string) => void;
  crop: readonly [number, number];
  min: readonly [number, number];
  png?: boolean;
  error?: string;
};

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = url;
  });
}

async function cropToFile(src: string, area: Area, size: readonly [number, number], png: boolean, name: string): Promise<File> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size[0];
  canvas.height = size[1];
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size[0], size[1]);
  const type = png ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), type, 0.9));
  return new File([blob], `${name.replace(/\.[^.]*$/, '')}.${png ? 'png' : 'jpg'}`, { type });
}

export function ImageField({ label, value, onChange, crop, min, png = false, error }: Props) {
  const { t } = useT();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = value instanceof File ? URL.createObjectURL(value) : typeof value === 'string' && value ? value : null;

  async function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return;
    if (!/^image\/(png|jpeg|bmp)$/.test(file.type) && !/\.(png|jpe?g|bmp)$/i.test(file.name)) {
      setProblem(t('console.failed'));
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const img = await loadImage(url);
      if (img.naturalWidth < min[0] || img.naturalHeight < min[1]) {
        setProblem(t('console.imageTooSmall', { w: min[0], h: min[1] }));
        return;
      }
    } catch {
      setProblem(t('console.failed'));
      return;
    }
    setZoom(1);
    setPosition({ x: 0, y: 0 });
    setSource({ url, name: file.name });
  }

  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {label} ({crop[0]}×{crop[1]})
      </Typography>
      {preview && (
        <Box
          component="img"
          src={at(preview)}
          alt=""
          sx={{ display: 'block', maxWidth: 240, maxHeight: 160, borderRadius: 1, mb: 1, objectFit: 'contain', bgcolor: '#eee' }}
        />
      )}
      <FilePickButton
        variant="outlined"
        size="small"
        input={{ accept: 'image/png,image/jpeg,image/bmp,.png,.jpg,.jpeg,.bmp', onChange: (e) => void choose(e.target.files?.[0]) }}
      >
        {t('console.chooseImage')}
      </FilePickButton>
      {(problem || error) && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }} role="alert">
          {problem ?? error}
        </Typography>
      )}
      <Dialog open={!!source} onClose={() => setSource(null)} fullWidth maxWidth="md">
        <DialogTitle>{t('console.crop')}</DialogTitle>
        <DialogContent>
          <Box sx={{ position: 'relative', height: 360, bgcolor: '#222' }}>
            {source && (
              <Cropper
                image={source.url}
                crop={position}
                zoom={zoom}
                aspect={crop[0] / crop[1]}
                onCropChange={setPosition}
                onZoomChange={setZoom}
                onCropComplete={(_, px) => setArea(px)}
              />
            )}
          </Box>
          <Slider value={zoom} min={1} max={4} step={0.05} onChange={(_, v) => setZoom(v as number)} aria-label="zoom" sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSource(null)}>{t('console.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!area}
            onClick={async () => {
              if (!source || !area) return;
              onChange(await cropToFile(source.url, area, crop, png, source.name));
              setSource(null);
            }}
          >
            {t('console.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
