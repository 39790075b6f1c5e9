import type { Changes } from './cache/changes.ts';
import type { PublishTimer } from './cache/publish-timer.ts';
import type { Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { SearchIndex } from './search/search-index.ts';
import type { Storage } from './storage/storage.ts';
import type { JobRuns } from './ops/jobs.ts';
import type { PublicCrud } from './public/declared.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PageParams } from './pages/page-params.ts';
import type { ResultKinds } from '../common/search.ts';
import type { StoredFileColumn } from './storage/file-columns.ts';

// What one running instance holds, built once by server/app.ts and reached by every route and page as
// `app.lab`: its database, its stored files, its settings, the hub of public changes,
// the search index they keep current and the timer that announces scheduled records when they appear.

export type Lab = {
  db: DB;
  storage: Storage;
  config: Config;
  /** Public content changes, heard by the caches (and the other instances): server/cache/changes.ts. */
  changes: Changes;
  /** The site search's index of public content, kept current by `changes` (server/search/). */
  search: SearchIndex;
  /**
   * The records the public does not see (drafts, scheduled ones, unreleased pages and projects), indexed the
   * same way and kept current by `changes`: the console's quick search of what a member may edit.
   */
  unpublished: SearchIndex;
  /** Announces records scheduled for later when their time comes: server/cache/publish-timer.ts. */
  publishTimer: PublishTimer;
  /** What the background jobs (daily backup, trash purge, the publish timer) did, for /metrics: server/ops/jobs.ts. */
  jobs: JobRuns;
  /** The served resources whose declaration has a public side: their pages, sitemap entries and menu entries. */
  publicResources: readonly PublicCrud[];
  /** Outgoing mail over SMTP_URL: server/mail/mailer.ts; `configured` says whether there is any. */
  mailer: Mailer;
  /** The query parameters each public page reads, normalized: the fixed pages' and its public resources' list pages (server/pages/page-params.ts). */
  pageParams: PageParams;
  /** What a search result can be: the fixed kinds, then the searched public resources it serves (common/search.ts). */
  resultKinds: ResultKinds;
  /** The usernames no one may take: the site's own paths and its public pages' first segments (common/resources/person.ts). */
  reservedUsernames: ReadonlySet<string>;
  /** The columns that keep stored files, of the resources it serves and the other tables (server/storage/file-columns.ts): what its backups copy and its sweep keeps. */
  storedFiles: readonly StoredFileColumn[];
};

declare module 'fastify' {
  interface FastifyInstance {
    lab: Lab;
  }
}
