import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/index.tsx';
import { at } from '../../lib/base.ts';
import { ImageField } from '../image-field.tsx';
import type { ConsoleKind, WidgetProps } from './kind.ts';
import { FilePickButton } from '../ui.tsx';

// Fields a write may carry a file for: an image (chosen, cropped to its declared shape, shown as a thumbnail
// in the list) and a file (its current file linked, replaced by choosing another).

export const image: ConsoleKind = {
  Widget({ def, value, onChange, error, label }) {
    const crop = def.image?.crop ?? [800, 450];
    return (
      <ImageField
        label={label}
        value={value}
        onChange={onChange}
        crop={crop}
        min={[def.image?.minWidth ?? 1, def.image?.minHeight ?? 1]}
        png={crop[0] === crop[1]}
        error={error}
      />
    );
  },
  cell: (_def, value) =>
    typeof value === 'string' && value ? (
      <Box
        component="img"
        src={at(value)}
        alt=""
        loading="lazy"
        sx={{ display: 'block', width: 96, height: 54, objectFit: 'cover', borderRadius: 0.5, bgcolor: '#eee' }}
      />
    ) : (
      '—'
    ),
  diff: 'image',
};

function FileWidget({ name, value, onChange, error, record, label }: WidgetProps) {
  const { t } = useT();
  const current = typeof value === 'string' ? value : '';
  const url = record?.[`${name}_url`];
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {current && typeof url === 'string' && url ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Link href={at(url)} target="_blank" rel="noopener">
            {current}
          </Link>
          <IconButton size="small" aria-label={`${t('console.refresh')} ${label}`} title={t('console.refresh')} onClick={() => onChange('')}>
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : value instanceof File ? (
        <Typography variant="body2">{value.name}</Typography>
      ) : null}
      {!(current && url) && (
        <FilePickButton
          variant="outlined"
          size="small"
          sx={{ mt: 0.5 }}
          input={{ 'aria-label': label, onChange: (e) => e.target.files?.[0] && onChange(e.target.files[0]) }}
        >
          {t('console.chooseFile')}
        </FilePickButton>
      )}
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
}

export const file: ConsoleKind = { Widget: FileWidget, diff: 'file' };
