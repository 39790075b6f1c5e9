import type { Lang } from '../../common/enums.ts';
import type { DB } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import type { ChangedRecord, Topic } from '../cache/changes.ts';
import type { Actor } from './auth.ts';

/** What a service call needs: the database, the file store, who asks and in which language. */
export type Ctx = {
  db: DB;
  storage: Storage;
  actor: Actor | null;
  lang: Lang;
  token?: string | null;
  /** The client's address, for the activity log (services/activity.ts). */
  address?: string;
  /** How many versions of a record history keeps (HISTORY_KEEP; services/history.ts). */
  historyKeep?: number;
  /** Called after any write that changes what public pages show; `record` when the write was of one known record. */
  onPublicChange?: (topic: Topic, record?: ChangedRecord) => void;
};

export const nowIso = () => new Date().toISOString();

/** Articles and publications: their creator or an administrator may delete them (DESIGN.md). */
export const isCreatorOrAdmin = (ctx: Ctx, row: { created_by: number | null }) =>
  ctx.actor?.authority === 'admin' || (row.created_by != null && row.created_by === ctx.actor?.pid);
