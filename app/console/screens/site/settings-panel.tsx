import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SITE_ID, site } from '../../../../common/resources/site.ts';
import { useT } from '../../../i18n/index.tsx';
import { ApiFailure } from '../../api.ts';
import { FieldInput } from '../../fields.tsx';
import { HistoryButton } from '../../history-dialog.tsx';
import { groups } from './settings-groups.ts';
import { useSettings } from './use-settings.ts';
import { kindOf } from '../../../../common/kinds/index.ts';

/** The site settings form (lab names, intro, footer, console titles), in groups, saved as one record. */
export function SettingsPanel() {
  const { t } = useT();
  const { stored, values, errors, dirty, busy, change, save, reset, restored, round } = useSettings();

  if (stored.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void stored.refetch()}>
            {t('consoleSite.retry')}
          </Button>
        }
      >
        {t('consoleSite.loadFailed')}
        {t('colon')}
        {(stored.error instanceof ApiFailure ? stored.error.lines() : [t('console.failed')]).join('; ')}
      </Alert>
    );
  }
  if (!values) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} />
        <Typography>{t('console.loading')}</Typography>
      </Box>
    );
  }

  return (
    <Box
      key={round}
      component="form"
      noValidate
      aria-label={t('consoleSite.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('consoleSite.settings')}
        </Typography>
        {dirty && <Chip size="small" variant="outlined" color="warning" label={t('consoleSite.unsaved')} />}
        <HistoryButton res={site} id={SITE_ID} onRestored={restored} />
      </Box>
      {groups.map((g) => (
        <Paper key={g.key} variant="outlined" component="section" aria-labelledby={`site-group-${g.key}`} sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}>
          <Typography id={`site-group-${g.key}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t(`consoleSite.${g.key}`)}
          </Typography>
          {g.hint && (
            <Typography variant="body2" color="text.secondary">
              {t(g.hint)}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: g.wide ? '1fr' : '1fr 1fr' }, columnGap: 2 }}>
            {g.fields.map((name) => (
              <Box key={name} sx={{ gridColumn: kindOf(site.fields[name]).upload ? '1 / -1' : undefined }}>
                <FieldInput name={name} def={site.fields[name]} value={values[name]} record={values} error={errors[name]} onChange={(v) => change(name, v)} />
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
      <Box sx={{ display: 'flex', gap: 1, position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 2 }}>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={busy}>
          {t('consoleSite.save')}
        </Button>
        <Button onClick={() => void reset()} disabled={busy || !dirty}>
          {t('consoleSite.reset')}
        </Button>
      </Box>
    </Box>
  );
}
