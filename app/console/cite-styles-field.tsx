import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';
import { SortableList } from './sortable-list.tsx';
import { useAction, useConfirm } from './ui.tsx';
import { FileButton } from './uploads.tsx';

// The site setting of the styles the Cite box of a publication's page offers (site_settings.cite_styles): each
// style ticked or not, the ticked ones in the order dragged, and the lab's own styles uploaded (.csl) and deleted
// (GET, POST /api/cite-styles/, DELETE /api/cite-styles/:id). Empty: the site's default (the GB/T style and APA).

type Style = { id: string; name: string; shipped: boolean; default: number | null };

const QUERY = ['cite-styles'];

export function CiteStylesField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const { t } = useT();
  const client = useQueryClient();
  const confirm = useConfirm();
  const action = useAction();
  const styles = useQuery({ queryKey: QUERY, queryFn: () => api.get<Style[]>('/api/cite-styles/') });
  const all = styles.data ?? [];
  const saved = (typeof value === 'string' ? value : '').split(',').filter(Boolean);
  const defaults = all
    .filter((s) => s.default !== null)
    .sort((a, b) => (a.default ?? 0) - (b.default ?? 0))
    .map((s) => s.id);
  const chosen = saved.length > 0 ? saved.filter((id) => all.some((s) => s.id === id)) : defaults;
  const set = (ids: string[]) => onChange(ids.join(','));
  const nameOf = (id: string) => all.find((s) => s.id === id)?.name ?? id;
  const refresh = () => client.invalidateQueries({ queryKey: QUERY });

  const upload = (file: File) =>
    action
      .run(
        () => api.send('POST', '/api/cite-styles/', { file }),
        () => t('citeStyles.uploaded'),
      )
      .then(refresh);
  const remove = async (style: Style) => {
    if (!(await confirm(t('citeStyles.confirmDelete', { name: style.name })))) return;
    await action.run(
      () => api.del(`/api/cite-styles/${encodeURIComponent(style.id)}`),
      () => t('citeStyles.deleted'),
    );
    if (chosen.includes(style.id)) set(chosen.filter((id) => id !== style.id));
    await refresh();
  };

  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {all.map((s) => (
          <Box key={s.id} sx={{ display: 'flex', alignItems: 'center' }}>
            <FormControlLabel
              label={s.name}
              disabled={disabled}
              control={
                <Checkbox checked={chosen.includes(s.id)} onChange={(e) => set(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))} />
              }
            />
            {!s.shipped && (
              <IconButton size="small" aria-label={t('citeStyles.delete', { name: s.name })} disabled={disabled || action.busy} onClick={() => void remove(s)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {chosen.length > 1 && (
        <SortableList
          label={t('citeStyles.order')}
          items={chosen.map((id, i) => ({ id: i + 1, name: nameOf(id) }))}
          onChange={(items) => set(items.map((item) => chosen[item.id - 1] as string))}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <FileButton
          label={t('citeStyles.upload')}
          accept=".csl,application/vnd.citationstyles.style+xml,text/xml"
          disabled={disabled || action.busy}
          onFile={(f) => void upload(f)}
        />
      </Box>
      <FormHelperText error={Boolean(error)}>{error ?? t('citeStyles.hint')}</FormHelperText>
    </Box>
  );
}
