import { type ActivityEntry, type ActivityPage, activityActions } from '../../common/wire.ts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nameLists } from '../../common/enums.ts';
import type { FieldMap } from '../../common/fields.ts';
import { info, resources, site } from '../../common/resources/index.ts';
import { type TextKey, useT } from '../i18n/index.tsx';
import { api, downloadFile } from './api.ts';
import { type ListColumn, RecordList } from './record-list.tsx';

// The activity log as the console shows it: the administrators' Activity screen
// (screens/activity.client.tsx) and the "My activity" section of one's profile draw the same table,
// with actions, objects and outcomes in the reader's language and times in the reader's time zone.

export type { ActivityEntry, ActivityPage };

export type ActivityFilter = { person?: string; resource?: string; action?: string; from?: string; to?: string };

export const ACTIONS = activityActions;

/** What an entry may be about: the declared resources (their own labels), then what else is logged. */
const declared = [...Object.values(resources), info, site];
// each has its words in both languages (console.activity.resources; activity-log.test.ts holds them to it)
export const OWN_OBJECTS = ['session', 'data_file', 'image', 'backup', 'schedule', 'advisor', 'trash'] as const;
export const OBJECTS: readonly string[] = [...declared.map((r) => r.name), ...OWN_OBJECTS];

const isOwnObject = (v: string): v is (typeof OWN_OBJECTS)[number] => (OWN_OBJECTS as readonly string[]).includes(v);
const isAction = (v: string): v is (typeof ACTIONS)[number] => (ACTIONS as readonly string[]).includes(v);

/** The filter as the API's query: a date "to" includes its whole day, in the reader's time zone. */
export function activityQuery(f: ActivityFilter, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (f.person) q.set('person', f.person);
  if (f.resource) q.set('resource', f.resource);
  if (f.action) q.set('action', f.action);
  if (f.from) q.set('from', new Date(`${f.from}T00:00:00`).toISOString());
  if (f.to) {
    const end = new Date(`${f.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    q.set('to', end.toISOString());
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A replaced name list of the advisor, logged as `import,added 3,removed 1,total 33` (server/services/advisor.ts). */
function nameListChange(e: ActivityEntry): { kind: 'save' | 'import' | 'restore'; added: number; removed: number } | undefined {
  if (e.resource !== 'advisor' || !e.record.startsWith('names ')) return undefined;
  const [kind, ...rest] = e.detail.split(',');
  if (kind !== 'save' && kind !== 'import' && kind !== 'restore') return undefined;
  const count = (word: string) => Number(rest.find((r) => r.startsWith(`${word} `))?.slice(word.length + 1) ?? 0);
  return { kind, added: count('added'), removed: count('removed') };
}

/** The labels of actions, objects and outcomes, and the time as the reader reads it. */
export function useActivityLabels() {
  const { t, lang } = useT();
  const when = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
  return {
    action: (a: string) => (isAction(a) ? t(`console.activity.actions.${a}` as TextKey) : a),
    object: (r: string) => {
      if (isOwnObject(r)) return t(`console.activity.resources.${r}` as TextKey);
      return declared.find((d) => d.name === r)?.label[lang] ?? r;
    },
    outcome: (o: ActivityEntry['outcome']) => t(`console.activity.outcomes.${o}` as TextKey),
    /** Who: the member, the system for what the server did by itself (a scheduled publication), else unknown. */
    actor: (e: ActivityEntry) => e.actor || (e.action === 'publish' ? t('consoleWork.activity.system') : t('console.activity.someone')),
    /**
     * The detail: the fields of an update (or a create, a restore) by their declared labels in the reader's
     * language; any other name (a file, a revision, a role, an old entry's unknown field) as logged.
     */
    /** What the record is: an advisor's name list by its name in the reader's language, else as the server names it. */
    record: (e: ActivityEntry) => {
      const list = e.resource === 'advisor' && e.record.startsWith('names ') ? nameLists.find((l) => `names ${l.value}` === e.record) : undefined;
      // else as the server names it (a record's name when it was acted on, "#id (deleted)"): never a bare key
      return list ? t('advisor.logRecord', { list: list[lang] }) : e.record_name || e.record;
    },
    detail: (e: ActivityEntry) => {
      const change = nameListChange(e);
      if (change) return t(`advisor.change.${change.kind}`, change);
      const fields: FieldMap | undefined = declared.find((d) => d.name === e.resource)?.fields;
      const names = e.detail.split(',').filter(Boolean);
      if (e.action === 'publish' || !fields) return names.join(', ');
      return names.map((n) => (Object.hasOwn(fields, n) ? (fields[n]?.label[lang] ?? n) : n)).join(lang === 'zh' ? '、' : ', ');
    },
    time: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : when.format(d);
    },
  };
}

const outcomeColor = { ok: 'success', refused: 'warning', failed: 'error' } as const;

function OutcomeChip({ outcome }: { outcome: ActivityEntry['outcome'] }) {
  const labels = useActivityLabels();
  return <Chip size="small" variant="outlined" color={outcomeColor[outcome] ?? 'default'} label={labels.outcome(outcome)} />;
}

/** The entries as a table, or as cards on a phone; `withPerson` false leaves out who (one's own entries). */
export function ActivityTable({
  entries,
  loading,
  withPerson = true,
  label,
}: {
  entries: ActivityEntry[];
  loading: boolean;
  withPerson?: boolean;
  label: string;
}) {
  const { t } = useT();
  const labels = useActivityLabels();
  const columns: ListColumn<ActivityEntry>[] = [
    { key: 'time', label: t('console.activity.time'), cell: (e) => <time dateTime={e.at}>{labels.time(e.at)}</time> },
    ...(withPerson ? [{ key: 'person', label: t('console.activity.person'), cell: (e: ActivityEntry) => labels.actor(e) }] : []),
    { key: 'address', label: t('console.activity.address'), cell: (e) => e.address },
    { key: 'action', label: t('console.activity.action'), cell: (e) => labels.action(e.action) },
    { key: 'resource', label: t('console.activity.resource'), cell: (e) => (e.resource ? labels.object(e.resource) : '') },
    { key: 'record', label: t('console.activity.record'), cell: (e) => labels.record(e), wide: true },
    { key: 'outcome', label: t('console.activity.outcome'), cell: (e) => <OutcomeChip outcome={e.outcome} /> },
    { key: 'detail', label: t('console.activity.detail'), cell: (e) => labels.detail(e), wide: true, optional: true },
  ];
  return (
    <RecordList items={entries} keyOf={(e) => e.eid} columns={columns} label={label} empty={loading ? t('console.loading') : t('console.activity.empty')} />
  );
}

/** Downloads the log as a file, with the filter shown (api.ts `downloadFile`). */
export function downloadExport(format: 'csv' | 'xlsx', f: ActivityFilter, lang: string): Promise<void> {
  return downloadFile(`/api/activity/export/${activityQuery(f, { format })}`, lang, `activity.${format}`);
}

/** One's own latest entries (the API gives a member nothing else), 50 more at a time. */
export function MyActivity() {
  const { t } = useT();
  const log = useInfiniteQuery({
    queryKey: ['activity', 'mine'],
    queryFn: ({ pageParam }) => api.get<ActivityPage>(`/api/activity/?page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const title = t('console.activity.mine');
  return (
    // the region named by the title is the table's own (RecordList): a second landmark of the same name around it would be one too many
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('console.activity.mineHint')}
      </Typography>
      {log.isError ? (
        <Typography color="error">{t('console.failed')}</Typography>
      ) : (
        <ActivityTable entries={entries} loading={log.isLoading} withPerson={false} label={title} />
      )}
      {log.hasNextPage && (
        <Button sx={{ mt: 1 }} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? t('console.loading') : t('console.activity.more')}
        </Button>
      )}
    </Paper>
  );
}
