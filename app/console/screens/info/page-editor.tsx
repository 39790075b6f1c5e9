import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { info } from '../../../../common/resources/info.ts';
import { useT } from '../../../i18n/index.tsx';
import { MarkdownField } from '../../markdown-field.tsx';
import type { InfoPage } from './draft.ts';

type Props = {
  page: InfoPage;
  /** The draft differs from what is stored. */
  dirty: boolean;
  aspectError: string | undefined;
  onChange: (patch: Partial<Pick<InfoPage, 'aspect' | 'markdown'>>) => void;
};

/** The current tab in edit mode: its aspect and its markdown, with the live preview. */
export function PageEditor({ page, dirty, aspectError, onChange }: Props) {
  const { t } = useT();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip size="small" color="primary" label={t('consoleInfo.editing')} />
        {dirty && <Chip size="small" variant="outlined" color="warning" label={t('consoleInfo.unsaved')} />}
      </Box>
      <TextField
        label={`${t('consoleInfo.aspect')} *`}
        value={page.aspect}
        onChange={(e) => onChange({ aspect: e.target.value })}
        error={!!aspectError}
        helperText={aspectError ?? t('consoleInfo.aspectHint')}
        size="small"
        margin="dense"
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { maxLength: info.fields.aspect.max } }}
      />
      <MarkdownField key={page.iid} label={t('consoleInfo.content')} value={page.markdown} onChange={(v) => onChange({ markdown: v })} height={600} />
    </>
  );
}
