import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ImportedRecord } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { api } from './api.ts';
import { useAction } from './ui.tsx';

// A DOI field with "Fill": the DOI's metadata from Crossref or DataCite fills the
// editor's other fields, for the user to check before saving; a lookup that fails fills nothing.

type Props = {
  value: string;
  onChange: (v: string) => void;
  onFill: (patch: Record<string, unknown>) => void;
  common: { label: string; fullWidth: boolean; error: boolean; helperText: string | undefined; disabled: boolean | undefined; size: 'small'; margin: 'dense' };
};

export function DoiField({ value, onChange, onFill, common }: Props) {
  const { t } = useT();
  const { busy, run } = useAction();
  const fill = () =>
    run(
      async () => {
        const { entryType: _, ...found } = await api.get<ImportedRecord>(`/api/publication/doi/?doi=${encodeURIComponent(value.trim())}`);
        // what the registry left empty does not empty what the editor holds
        onFill(Object.fromEntries(Object.entries(found).filter(([, v]) => v !== '' && v !== 0 && !(Array.isArray(v) && v.length === 0))));
      },
      () => t('consoleImport.filled'),
    );
  return (
    <TextField
      {...common}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" disabled={busy || !value.trim() || common.disabled} onClick={() => void fill()}>
                {t('consoleImport.fill')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
