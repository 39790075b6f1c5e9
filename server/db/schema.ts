import type { Generated, Kysely, Selectable, Updateable } from 'kysely';
import { resources } from '../../common/resources/index.ts';
import { bool01, bool01Default, type Column, id, int, intDefault, intOrNull, text, textDefault, textOrNull } from './columns.ts';
import { derivedTables } from './declared-tables.ts';

// Every table the migrations make, declared once: a value the schema test compares with a freshly migrated
// database on SQLite and PostgreSQL (tests/api/db-schema.test.ts), and, derived from it, the `Database`
// type Kysely checks queries against. A migration that adds, drops or changes a column changes this too.
// The kinds of column are in columns.ts.

export type { Column, Kind } from './columns.ts';

/** The tables written out here: those of no declaration, and the declared ones older than the derivation. */
const written = {
  // 2026-11-22-0001-init
  person: {
    pid: id,
    uid: text,
    username: text,
    name_zh: text,
    name_en: text,
    description_zh: textDefault,
    description_en: textDefault,
    type: text,
    type_num: int,
    area: textDefault,
    area_num: intDefault,
    entrance: intOrNull,
    authority: textDefault,
    status: bool01Default,
    portrait_url: textOrNull,
    link: textDefault,
    link_type: intDefault,
    link1: textDefault,
    link2: textDefault,
    link3: textDefault,
    email: textDefault,
    phone: textDefault,
    location_zh: textDefault,
    location_en: textDefault,
    password_hash: text,
    must_change_password: bool01Default,
    // 2026-11-27-0904-publication-sync
    orcid: textDefault,
    dblp: textDefault,
    openalex: textDefault,
    // 2026-12-06-0101-alumni
    graduated: intOrNull,
    now_at_zh: textDefault,
    now_at_en: textDefault,
  },
  session: { token_hash: text, person_pid: int, login_time: int },
  article: {
    aid: id,
    slug: textOrNull,
    title: text,
    abstract: text,
    image_url: textOrNull,
    type: text,
    type_num: int,
    authors: textDefault,
    authors_index: textDefault,
    editors: textDefault,
    markdown: textDefault,
    release: bool01Default,
    time1: text,
    time2: text,
    time3: textOrNull,
    created_by: intOrNull,
    // 2026-11-24-0004-publish-at
    publish_at: textOrNull,
  },
  news: {
    nid: id,
    date: text,
    abstract: text,
    release: bool01Default,
    emphasize: bool01Default,
    content_zh: textDefault,
    content_en: textDefault,
    // 2026-11-24-0004-publish-at
    publish_at: textOrNull,
  },
  seminar: {
    sid: id,
    title_zh: textDefault,
    title_en: textDefault,
    abstract_zh: textDefault,
    abstract_en: textDefault,
    speaker_zh: textDefault,
    speaker_en: textDefault,
    ins_zh: textDefault,
    ins_en: textDefault,
    des_zh: textDefault,
    des_en: textDefault,
    host_zh: textDefault,
    host_en: textDefault,
    host_ins_zh: textDefault,
    host_ins_en: textDefault,
    image_url: textOrNull,
    date: text,
    start: textDefault,
    end: textDefault,
    room_type: textDefault,
    room_id: textDefault,
    room_pw: textDefault,
    live_link: textDefault,
    // 2026-11-24-0004-publish-at
    release: bool01Default,
    publish_at: textOrNull,
  },
  publication: {
    pid: id,
    // 2026-11-25-0010-publication-kinds: replaced with the new checks, added NOT NULL and so with a default
    // (SQLite adds no NOT NULL column without one): 'paper', 1
    type: textDefault,
    type_num: intDefault,
    area: text,
    area_num: int,
    title: text,
    author: text,
    year: int,
    // 2026-11-25-0002-publication-citation: NULL when unknown
    month: intOrNull,
    source: text,
    order: intDefault,
    created_by: intOrNull,
    file1: textDefault,
    file1_key: textOrNull,
    file2: textDefault,
    file2_key: textOrNull,
    file3: textDefault,
    file3_key: textOrNull,
    link1: textDefault,
    link2: textDefault,
    link3: textDefault,
    link4: textDefault,
    // 2026-11-24-0001-publication-details
    doi: textDefault,
    abstract: textDefault,
    keywords: textDefault,
    author_members: textDefault,
    venue_kind: textDefault,
    // 2026-11-25-0002-publication-citation
    author_parts: textDefault,
    volume: textDefault,
    issue: textDefault,
    pages: textDefault,
    publisher: textDefault,
    editors: textDefault,
    editor_parts: textDefault,
    edition: textDefault,
    isbn: textDefault,
    // 2026-11-25-0010-publication-kinds
    place: textDefault,
    title_protected: textDefault,
    // 2026-11-27-0902-venue-ranks
    venue_key: textDefault,
    // 2026-12-06-1201-publication-kinds-cited
    number: textDefault,
    series: textDefault,
    filed: textDefault,
    accessed: textDefault,
  },
  // info_page: derived from its declaration (declared-tables.ts)
  data_file: {
    did: id,
    filename: text,
    storage_key: text,
    size: int,
    created_at: text,
    owner: text,
    person_pid: intOrNull,
    uid: text,
    username: text,
    name_zh: text,
  },
  // width, height: 2026-12-06-1101-image-size (null for images stored before it)
  image: { iid: id, filename: text, storage_key: text, size: int, created_at: text, person_pid: int, width: intOrNull, height: intOrNull },
  schedule: { person_pid: int, term: text, occupy: textDefault },
  media: { storage_key: text, width: int, height: int, created_at: text },

  // 2026-11-22-0002-site-content
  // site_page and showcase: derived from their declarations (declared-tables.ts)
  // one row, id 1 (a CHECK)
  site_settings: {
    id: int,
    lab_name_zh: text,
    lab_name_en: text,
    intro_zh: textDefault,
    intro_en: textDefault,
    location_zh: textDefault,
    location_en: textDefault,
    email: textDefault,
    qr_image_url: textOrNull,
    filing_number: textDefault,
    console_title_zh: textDefault,
    console_title_en: textDefault,
    // 2026-11-27-0201-two-factor
    require_admin_2fa: bool01Default,
    // 2026-11-27-0302-publish-notice
    notify_publish: bool01Default,
    // 2026-11-27-0401-external-login
    external_signup: bool01Default,
    external_signup_type: textDefault,
    member_passwords: bool01Default,
    // 2026-11-27-0902-venue-ranks
    venue_ranks: textDefault,
    // 2026-11-27-0904-publication-sync
    show_citations: bool01Default,
    // 2026-12-06-1201-citation-styles
    cite_styles: textDefault,
  },

  // 2026-11-22-0003-advisor
  advisor_settings: { id: int, cookie: textDefault, refresh_cookie: bool01Default, selfdez: intDefault, selfdyz: intDefault, xwzs: intDefault },
  advisor_move: { kind: text, date: text, count: int },
  advisor_remind: { date: text, xgh: text, realname: text },
  advisor_report: {
    date: text,
    xgh: text,
    realname: text,
    reported: bool01,
    uptime: textDefault,
    status: textDefault,
    abnormal: bool01Default,
    doses: intDefault,
  },
  advisor_name: { list: text, position: int, name: text },

  // 2026-11-23-0001-counters
  counters: { key: text, count: int, reset_at: int },

  // 2026-11-24-0002-activity
  activity: {
    eid: id,
    at: text,
    actor_pid: intOrNull,
    actor: textDefault,
    address: textDefault,
    action: text,
    resource: textDefault,
    record: textDefault,
    outcome: text,
    detail: textDefault,
    // 2026-12-06-0102-activity-record-name
    record_name: textDefault,
  },

  // 2026-11-24-0003-history
  revision: { rid: id, resource: text, record: int, at: text, actor_pid: intOrNull, actor: textDefault, data: text },
  trash: { tid: id, resource: text, record: int, at: text, actor_pid: intOrNull, actor: textDefault, data: text },
  kept_file: { holder: text, holder_id: int, bucket: text, storage_key: text },

  // 2026-11-25-0001-invitations
  invitation: { token_hash: text, person_pid: int, created_by: intOrNull, created_at: int, expires_at: int, used_at: intOrNull },
  // 2026-11-27-0201-two-factor
  two_factor: { person_pid: int, secret: text, enabled_at: intOrNull, last_step: intOrNull, recovery: textDefault },
  // kind: 2026-11-27-0401-external-login
  login_challenge: { token_hash: text, person_pid: int, expires_at: int, tries: intDefault, kind: textDefault },
  trusted_device: { token_hash: text, person_pid: int, expires_at: int },
  // 2026-11-27-0301-password-reset
  password_reset: { token_hash: text, person_pid: int, created_at: int, expires_at: int, used_at: intOrNull },
  // 2026-11-27-0401-external-login
  // link_pid: 2026-11-28-0101-external-link
  external_state: {
    state_hash: text,
    kind: text,
    nonce: textDefault,
    verifier: textDefault,
    redirect: textDefault,
    expires_at: int,
    link_pid: intOrNull,
  },
  external_handoff: { token_hash: text, person_pid: int, kind: text, ticket_hash: textOrNull, expires_at: int },
  cas_session: { ticket_hash: text, person_pid: int, session_hash: textOrNull, challenge_hash: textOrNull, created_at: int },
  // 2026-11-28-0101-external-link
  external_link: { id, kind: text, issuer: text, subject: text, person_pid: int, explicit: bool01Default, created_at: int },
  // 2026-12-06-0001-advisor-name-versions
  advisor_name_version: { id, list: text, at: text, reason: text, count: int, names: text },
  // 2026-11-27-0904-publication-sync (server/sync/)
  publication_sync: {
    pid: int,
    openalex: textDefault,
    cited_by_count: intOrNull,
    cited_at: textOrNull,
    retracted: bool01Default,
    doi_found: textDefault,
    preprint_url: textDefault,
    broken_links: textDefault,
  },
  sync_dismissed: { key: text, title: textDefault, dismissed_by: intOrNull, dismissed_at: text },
  // 2026-12-06-1201-citation-styles: an administrator's own CSL styles
  csl_style: { id: text, title: text, xml: text, created_at: text },
  job_claim: { job: text, period: text, instance: text, claimed_at: text },
  // 2026-11-27-1601-sync-runs (server/sync/runs.ts)
  sync_run: {
    id: text,
    slot: textOrNull,
    state: text,
    done: intDefault,
    total: int,
    works: intDefault,
    started_at: text,
    started_by: intOrNull,
    updated_at: text,
    instance: text,
    error: textOrNull,
    result: textOrNull,
  },
} as const satisfies Record<string, Record<string, Column>>;

/** Every table: those written out above, and those of the declared resources derived from their declarations. */
export const tables = { ...written, ...derivedTables(resources, written) };

type ValueOf<C extends Column> = (C['kind'] extends 'text' ? string : number) | (C['nullable'] extends true ? null : never);

/** A column's type for Kysely: what a select reads, and whether an insert may leave it out. */
type ColumnOf<C> = C extends Column ? (C extends { fill: 'default' | 'serial' } ? Generated<ValueOf<C>> : ValueOf<C>) : never;

export type Database = { -readonly [T in keyof typeof tables]: { -readonly [K in keyof (typeof tables)[T]]: ColumnOf<(typeof tables)[T][K]> } };

export type TableName = keyof Database;

/** A row of a table as a select reads it, and the columns an update sets. */
export type TableRow<T extends TableName> = Selectable<Database[T]>;
export type RowUpdate<T extends TableName> = Updateable<Database[T]>;

/**
 * The database seen without its table types, for code that names its tables and columns at run time: the
 * generic create/read/update/delete and the media check (from the declarations: server/services/crud.ts,
 * media.ts, site.ts), the backup's table copier (the tables the database lists: server/backup/), and tests
 * that write what the types would refuse. The one place this view is made; tests/api/db-schema.test.ts
 * checks that every registered declaration's table and fields are columns of `tables`.
 */
export type LooseDatabase = Record<string, Record<string, unknown>>;

export function loose(db: Kysely<Database>): Kysely<LooseDatabase> {
  // sound: the same connection; only the compile-time table map is widened to "any table, any column"
  return db as unknown as Kysely<LooseDatabase>;
}
