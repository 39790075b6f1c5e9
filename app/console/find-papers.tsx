import { labTime } from '../../common/instant.ts';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Link from '@mui/material/Link';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SyncPreview, SyncProposal, SyncRun } from '../../common/sync.ts';
import { useT } from '../i18n/index.tsx';
import { ApiFailure, request } from './api.ts';
import type { Choice } from './bibtex-import/use-import.ts';
import { PreviewTable } from './bibtex-import/preview-table.tsx';
import { BibtexImport } from './bibtex-import/index.tsx';
import type { Row } from './columns.tsx';
import { PersonAccount } from './invitations.tsx';
import { isAdmin, useSession } from './session.ts';
import { useAction, useNotify } from './ui.tsx';

// "Find new papers": the works OpenAlex lists for a member (from their row) or the whole
// lab (the publication screen), in the BibTeX import's preview table: chosen ones are added in their areas,
// or dismissed for good; the published version of a stored preprint updates it in place. And the list's
// health: what the daily job flagged. The lab's search runs in the background on the server (server/sync/runs.ts):
// its progress is polled, and a screen opened again picks up the run going.

const syncPath = '/api/publication/sync/';
/** How often a lab-wide run's progress is asked. */
const POLL_MS = 1500;

/** How a published version was tied to the stored preprint, as the table says it. */
const BY = { openalex: 'consoleSync.byOpenalex', arxiv: 'consoleSync.byArxiv', title: 'consoleSync.byTitle', doi: 'consoleSync.byDoi' } as const;

/** A proposal as the import's table shows it: a preprint's published version as a duplicate to update, and how it was matched. */
const asEntry = (p: SyncProposal, notes: string[]) =>
  p.preprint ? { ...p, duplicateOf: { pid: p.preprint.pid, title: p.preprint.title, by: 'title' as const }, changes: notes } : p;

/**
 * Who a lab-wide search could not ask (no id at any index), and where their ids go: one's own profile, or for an
 * administrator each member's People editor. `reason`: the server's words when it lists nothing for the reader.
 */
function Unasked({ found }: { found: SyncPreview }) {
  const { t, lang } = useT();
  const session = useSession();
  const unasked = found.unasked ?? [];
  const me = unasked.some((p) => p.username === session.username);
  const admin = isAdmin(session);
  if (!found.reason && !(admin && unasked.length > 0)) return null;
  return (
    <Alert severity={found.reason ? 'warning' : 'info'} className="sync-unasked">
      {found.reason && <Typography variant="body2">{found.reason}</Typography>}
      {me && (
        <Link component={RouterLink} to="/console/profile#scholar-ids" sx={{ display: 'inline-block', mt: 0.5 }}>
          {t('consoleSync.addOwn')}
        </Link>
      )}
      {admin && unasked.length > 0 && (
        <Typography variant="body2" component="div" sx={{ mt: found.reason ? 1 : 0 }}>
          {t('consoleSync.unasked', { n: unasked.length })}{' '}
          {unasked.map((p, i) => (
            <span key={p.pid}>
              {i > 0 && (lang === 'zh' ? '、' : ', ')}
              <Link component={RouterLink} to={`/console/people?edit=${p.pid}`}>
                {lang === 'zh' ? p.name_zh || p.name_en : p.name_en || p.name_zh}
              </Link>
            </span>
          ))}{' '}
          (
          <Link component={RouterLink} to="/console/people">
            {t('consoleSync.addIn')}
          </Link>
          )
        </Typography>
      )}
    </Alert>
  );
}

function FindPapers({ reload, pid, label }: { reload: () => Promise<unknown>; pid?: number; label?: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<SyncPreview | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  const narrow = !useMediaQuery('(min-width:800px)', { noSsr: true });
  const { busy, run } = useAction();

  const notify = useNotify();
  const lab = pid === undefined;
  // the lab-wide run going (its progress), and the message of one that failed
  const [going, setGoing] = useState<SyncRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // the latest finished run's proposals still waiting (the daily search's, or a colleague's)
  const [waiting, setWaiting] = useState<SyncRun | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(false);

  const show = (answer: SyncPreview) => {
    setFound(answer);
    setChoices(answer.proposals.map((p) => ({ on: p.problems.length === 0, area: p.area ?? 'none', duplicate: p.preprint ? 'update' : 'skip' })));
    setOpen(true);
  };
  /** Shows a run's state; asks again in POLL_MS while it runs (a few times more when an answer does not come). */
  const follow = (r: SyncRun, misses = 0) => {
    if (!mounted.current) return;
    if (r.state === 'running') {
      setGoing(r);
      timer.current = setTimeout(() => {
        request<SyncRun>('GET', `${syncPath}runs/${r.id}/`).then(
          (next) => follow(next),
          (e: unknown) => {
            // the network or a proxy between instances: asked again; anything else ends the waiting
            if ((!(e instanceof ApiFailure) || e.status === 0 || e.status >= 500) && misses < 5) return follow(r, misses + 1);
            setGoing(null);
            notify.fail(e);
          },
        );
      }, POLL_MS);
      return;
    }
    setGoing(null);
    if (r.state === 'done' && r.result) show(r.result);
    else setFailure(r.error ?? t('console.failed'));
  };
  // a run started earlier (here or by someone else) and still going is picked up
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the screen opens
  useEffect(() => {
    mounted.current = true;
    if (lab)
      request<SyncRun | null>('GET', `${syncPath}runs/latest/`).then(
        (r) => {
          if (r?.state === 'running') follow(r);
          else if (r?.state === 'done' && (r.result?.proposals.length ?? 0) > 0) setWaiting(r);
        },
        () => {},
      );
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const find = () =>
    run(async () => {
      if (lab) {
        setFailure(null);
        setWaiting(null);
        follow(await request<SyncRun>('POST', `${syncPath}runs/`, { json: {} }));
        return;
      }
      show(await request<SyncPreview>('POST', `${syncPath}preview/`, { json: { pid } }));
    });
  const chosen = () => (found?.proposals ?? []).filter((_, i) => choices[i]?.on);
  const close = () => {
    setOpen(false);
    setFound(null);
  };

  return (
    <>
      <Button variant="outlined" size={lab ? 'medium' : 'small'} startIcon={<ManageSearchIcon />} disabled={busy || going !== null} onClick={() => void find()}>
        {label ?? t('consoleSync.find')}
      </Button>
      {lab && (going || failure || waiting) && (
        // a line of its own after the screen's other buttons (order), which stay on theirs
        <Box sx={{ flexBasis: '100%', order: 1, display: 'grid', gap: 0.5 }} className="sync-run">
          {going && (
            <>
              <Typography variant="body2" color="text.secondary" id="sync-run-progress">
                {t('consoleSync.progress', { done: going.done, total: going.total })}
              </Typography>
              <LinearProgress variant="determinate" value={going.total > 0 ? (100 * going.done) / going.total : 0} aria-labelledby="sync-run-progress" />
            </>
          )}
          {waiting?.result && (
            <Alert
              severity="info"
              action={
                <Button
                  size="small"
                  onClick={() => {
                    if (waiting.result) show(waiting.result);
                    setWaiting(null);
                  }}
                >
                  {t('consoleSync.review')}
                </Button>
              }
            >
              {t(waiting.started_by === null ? 'consoleSync.waitingDaily' : 'consoleSync.waiting', {
                n: waiting.result.proposals.length,
                when: labTime(waiting.started_at),
              })}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
        </Box>
      )}
      <Dialog open={open} onClose={close} fullWidth maxWidth="lg" fullScreen={narrow}>
        <DialogTitle>{t('consoleSync.title')}</DialogTitle>
        <DialogContent>
          {found && (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              {/* asked no one: the reason and where to add ids, not a "0 members asked" */}
              {found.members > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('consoleSync.summary', { members: found.members, works: found.works, proposals: found.proposals.length })}
                </Typography>
              )}
              <Unasked found={found} />
              {found.members > 0 && (
                <PreviewTable
                  entries={found.proposals.map((p) => asEntry(p, p.preprint ? [t('consoleSync.preprint', { pid: p.preprint.pid }), t(BY[p.preprint.by])] : []))}
                  choices={choices}
                  choose={(i, patch) => setChoices((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)))}
                />
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('console.close')}</Button>
          <Button
            disabled={busy || chosen().length === 0}
            onClick={() =>
              void run(
                async () => {
                  const entries = chosen().map((p) => ({ work: p.work, ...(p.record?.doi ? { doi: p.record.doi } : {}), title: p.record?.title ?? '' }));
                  await request('POST', `${syncPath}dismiss/`, { json: { entries } });
                  close();
                  return entries.length;
                },
                (n) => t('consoleSync.dismissed', { n }),
              )
            }
          >
            {t('consoleSync.dismiss', { n: chosen().length })}
          </Button>
          <Button
            variant="contained"
            disabled={busy || chosen().length === 0}
            onClick={() =>
              void run(
                async () => {
                  const entries = (found?.proposals ?? []).flatMap((p, i) => {
                    const c = choices[i];
                    if (!c?.on || !p.record) return [];
                    const update = p.preprint && c.duplicate === 'update' ? { update: p.preprint.pid } : {};
                    return [{ work: p.work, record: p.record, area: c.area, ...update }];
                  });
                  const done = await request<{ created: number[]; updated: number[] }>('POST', `${syncPath}accept/`, { json: { entries } });
                  await reload();
                  close();
                  return done;
                },
                (done) => t('consoleImport.done', { created: done.created.length, updated: done.updated.length }),
              )
            }
          >
            {t('consoleSync.accept', { n: chosen().length })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

type Flag = { pid: number; title: string; flags: string[] };

/** What the daily job flagged: retracted works, DOIs found for publications without one, links answering 404 for a week. */
function SyncFlags() {
  const { t } = useT();
  const [flags, setFlags] = useState<Flag[] | null>(null);
  const { busy, run } = useAction();
  return (
    <>
      <Button variant="outlined" disabled={busy} onClick={() => void run(async () => setFlags(await request<Flag[]>('GET', `${syncPath}flags/`)))}>
        {t('consoleSync.flags')}
      </Button>
      <Dialog open={flags !== null} onClose={() => setFlags(null)} fullWidth maxWidth="md">
        <DialogTitle>{t('consoleSync.flags')}</DialogTitle>
        <DialogContent>
          {flags?.length === 0 && <Typography color="text.secondary">{t('consoleSync.noFlags')}</Typography>}
          <ul className="sync-flags">
            {flags?.map((f) => (
              <li key={f.pid}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  #{f.pid} {f.title}
                </Typography>
                {f.flags.map((x) => (
                  <Typography key={x} variant="caption" color="warning.main" component="p">
                    {x}
                  </Typography>
                ))}
              </li>
            ))}
          </ul>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFlags(null)}>{t('console.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The publication screen's tools: the BibTeX import, Find new papers for the lab, the list's health. */
export function PublicationTools({ reload }: { reload: () => Promise<unknown> }) {
  return (
    <>
      <BibtexImport reload={reload} />
      <FindPapers reload={reload} />
      <SyncFlags />
    </>
  );
}

/** A member's row: their account, and Find new papers where they have an ORCID iD, an OpenAlex id or a dblp id. */
export function PersonTools({ row, reload }: { row: Row; reload: () => Promise<unknown> }) {
  const { t } = useT();
  return (
    <>
      <PersonAccount row={row} reload={reload} />
      {(row.orcid || row.openalex || row.dblp) && typeof row.pid === 'number' ? (
        <FindPapers reload={reload} pid={row.pid} label={t('consoleSync.findFor')} />
      ) : null}
    </>
  );
}
