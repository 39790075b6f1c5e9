import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { checkNames, pastedNames } from '../../../common/advisor.ts';
import { nameLists } from '../../../common/enums.ts';
import { LoadFailure } from '../../advisor/load-failure.tsx';
import { api } from '../../console/api.ts';
import { useAction } from '../../console/ui.tsx';
import { FileButton } from '../../console/uploads.tsx';
import { useT } from '../../i18n/index.tsx';

// SPEC §2 advisor info, the name-list checker: choose a list, paste who has submitted (one name per
// line), see the totals and who is missing. The lists are the advisor's own data, edited (or imported
// from CSV) below the checker; GET/PUT /api{advisor}/info/ (docs/advisor.md).

type Lists = { info: Record<string, string[]>; col_name_dict: Record<string, { zh: string; en: string }> };

export default function NameCheckScreen() {
  const { t, lang } = useT();
  const { advisor } = useParams();
  const path = `/api${advisor}/info/`;
  const lists = useQuery({ queryKey: ['names', advisor], queryFn: () => api.get<Lists>(path) });
  const [list, setList] = useState<string>(nameLists[0].value);
  const [pasted, setPasted] = useState('');

  const names = lists.data?.info[list] ?? [];
  const result = checkNames(names, pastedNames(pasted));
  const label = (value: string) => lists.data?.col_name_dict[value]?.[lang] ?? nameLists.find((l) => l.value === value)?.[lang] ?? value;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('advisor.info')}
      </Typography>
      {lists.error && <LoadFailure error={lists.error} />}
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
          <TextField select size="small" label={t('advisor.list')} value={list} onChange={(e) => setList(e.target.value)} sx={{ minWidth: 220 }}>
            {nameLists.map((l) => (
              <MenuItem key={l.value} value={l.value}>
                {label(l.value)} · {t('advisor.people', { n: lists.data?.info[l.value]?.length ?? 0 })}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<RefreshIcon />} onClick={() => void lists.refetch()} disabled={lists.isFetching}>
            {t('advisor.reload')}
          </Button>
        </Box>
        {lists.data && names.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('advisor.emptyList')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label={t('advisor.paste')}
            helperText={t('advisor.pasteHelp')}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            multiline
            minRows={8}
            maxRows={20}
            fullWidth
          />
          <Box aria-live="polite">
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} data-testid="check-totals">
              <Chip label={`${t('advisor.total')} ${result.total}`} />
              <Chip color="success" label={`${t('advisor.reported')} ${result.reported}`} />
              <Chip color={result.unreported > 0 ? 'warning' : 'default'} label={`${t('advisor.unreported')} ${result.unreported}`} />
            </Box>
            <Typography variant="subtitle2" component="h2">
              {t('advisor.unreportedNames')}
            </Typography>
            <Typography data-testid="unreported-names" sx={{ mb: 1.5, wordBreak: 'break-all' }}>
              {result.unreportedNames.length > 0 ? result.unreportedNames.join(lang === 'zh' ? '、' : ', ') : t('advisor.none')}
            </Typography>
            {result.notOnList.length > 0 && (
              <Alert severity="warning">
                {t('advisor.notOnList')}
                {t('colon')}
                {result.notOnList.join(lang === 'zh' ? '、' : ', ')}
              </Alert>
            )}
          </Box>
        </Box>
      </Paper>
      {lists.data && <ListEditor key={list} path={path} list={list} label={label(list)} names={names} onSaved={() => lists.refetch()} />}
    </Box>
  );
}

function ListEditor({ path, list, label, names, onSaved }: { path: string; list: string; label: string; names: string[]; onSaved: () => Promise<unknown> }) {
  const { t } = useT();
  const { busy, run } = useAction();
  // what the advisor typed; null shows the stored list
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? names.join('\n');

  const save = (body: { names: string } | { file: File }) =>
    run(
      async () => {
        await api.send('PUT', path, { list, ...body });
        await onSaved();
        setDraft(null);
      },
      () => t('advisor.listSaved'),
    );

  return (
    <Accordion disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="h2">
          {t('advisor.manage')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <TextField
          label={t('advisor.listNames', { list: label })}
          value={text}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          minRows={8}
          maxRows={24}
          fullWidth
          sx={{ mb: 1.5 }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<SaveIcon />} disabled={busy} onClick={() => void save({ names: text })}>
            {t('advisor.saveList')}
          </Button>
          <FileButton label={t('advisor.importCsv')} accept=".csv,.xlsx,text/csv" disabled={busy} onFile={(file) => void save({ file })} />
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
