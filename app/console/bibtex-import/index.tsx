import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { areas, enumLabel } from '../../../common/enums.ts';
import { useT } from '../../i18n/index.tsx';
import { FilePickButton, useAction } from '../ui.tsx';
import { PreviewTable } from './preview-table.tsx';
import { useBibtexImport } from './use-import.ts';

// The publication screen's "Import BibTeX, RIS, EndNote": paste the text or choose a file, read the
// preview, set each entry's area (or all at once) and what a duplicate does, then import: all or none.

export function BibtexImport({ reload }: { reload: () => Promise<unknown> }) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  const [allArea, setAllArea] = useState('none');
  const narrow = !useMediaQuery('(min-width:800px)', { noSsr: true });
  const state = useBibtexImport();
  const { busy, run } = useAction();
  const count = state.entries ? state.chosen().length : 0;

  const close = () => {
    setOpen(false);
    state.reset();
  };

  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('consoleImport.open')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="lg" fullScreen={narrow}>
        <DialogTitle>{t('consoleImport.title')}</DialogTitle>
        <DialogContent>
          {!state.entries ? (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('consoleImport.hint')}
              </Typography>
              <FilePickButton
                variant="outlined"
                sx={{ justifySelf: 'start' }}
                input={{
                  accept: '.bib,.bibtex,.ris,.enw,.xml,.txt,text/x-bibtex,application/x-research-info-systems,text/plain',
                  onChange: async (ev) => {
                    const file = ev.target.files?.[0];
                    if (file) state.setFile(file.name, await file.text());
                  },
                }}
              >
                {t('consoleImport.chooseFile')}
              </FilePickButton>
              <TextField
                label={t('consoleImport.paste')}
                multiline
                minRows={10}
                maxRows={24}
                value={state.text}
                onChange={(ev) => state.setText(ev.target.value)}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
              />
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <TextField
                  select
                  size="small"
                  label={t('consoleImport.areaForAll')}
                  value={allArea}
                  onChange={(ev) => setAllArea(ev.target.value)}
                  sx={{ minWidth: 220 }}
                >
                  {areas.map((a) => (
                    <MenuItem key={a.value} value={a.value}>
                      {enumLabel(areas, a.value, lang)}
                    </MenuItem>
                  ))}
                </TextField>
                <Button onClick={() => state.areaForAll(allArea)}>{t('consoleImport.apply')}</Button>
                <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                  {t('consoleImport.summary', { total: state.entries.length, chosen: count })}
                </Typography>
              </Box>
              <PreviewTable entries={state.entries} choices={state.choices} choose={state.choose} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('console.close')}</Button>
          {state.entries && <Button onClick={state.reset}>{t('consoleImport.back')}</Button>}
          {!state.entries ? (
            <Button variant="contained" disabled={busy || !state.text.trim()} onClick={() => void run(() => state.preview())}>
              {t('consoleImport.preview')}
            </Button>
          ) : (
            <Button
              variant="contained"
              disabled={busy || count === 0}
              onClick={() =>
                void run(
                  async () => {
                    const done = await state.run();
                    await reload();
                    close();
                    return done;
                  },
                  // the server's sentence in the reader's language, and each refused entry with its reasons
                  (done) =>
                    [
                      done.summary ?? t('consoleImport.done', { created: done.created.length, updated: done.updated.length }),
                      ...(done.refused ?? []).map((r) => `${r.key || `#${r.index}`}${t('colon')}${r.problems.join('; ')}`),
                    ].join(' · '),
                )
              }
            >
              {t('consoleImport.import', { n: count })}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
