import { z } from 'zod';
import { isResultKind, type ResultKinds, SEARCH_REACHABLE, type SearchKind, searchKinds } from './search.ts';
import { authorities, enumValues, publicationTypes, venueKinds } from './enums.ts';
import { wireSchema } from './resource.ts';
import { article, news, page, person, publication, seminar, showcase, site } from './resources/index.ts';
import type { adminOnlySettings } from './resources/site.ts';

// The answers of SPEC §7's calls, besides a declared record as its console read answers it (`wireSchema`,
// common/resource.ts): what each public read shows, files, schedules and the session. A public read's
// schema names every field it carries, so a column added to a table reaches the public only by being
// named here; the API suites check every answer against its route's schema (server/http/responses.ts).

/** The fields `keys` of a record's wire schema, and no other (strict). */
function only<S extends z.core.$ZodShape, const K extends keyof S & string>(schema: z.ZodObject<S, z.core.$strict>, keys: readonly K[]) {
  // the entries of `schema.shape` under exactly `keys`: Pick<S, K>, which fromEntries cannot say
  const shape = Object.fromEntries(keys.map((k) => [k, schema.shape[k]])) as Pick<S, K>;
  return z.strictObject(shape);
}

// Public reads (SPEC §7 "Public reads", and the site content reads of server/api/site.ts).

/** GET /api/read_news/: a published news item, its HTML sanitized. */
export const PublicNewsSchema = only(wireSchema(news), [
  'nid',
  'date',
  'abstract',
  'release',
  'emphasize',
  'content_zh',
  'content_en',
  'releasestr',
  'emphasizestr',
]);
export type PublicNews = z.infer<typeof PublicNewsSchema>;

/** GET /api/read_seminar/: a seminar, each _zh/_en pair filled from the other; never the room password. */
export const PublicSeminarSchema = only(wireSchema(seminar), [
  'sid',
  'title_zh',
  'title_en',
  'abstract_zh',
  'abstract_en',
  'speaker_zh',
  'speaker_en',
  'ins_zh',
  'ins_en',
  'des_zh',
  'des_en',
  'host_zh',
  'host_en',
  'host_ins_zh',
  'host_ins_en',
  'image_url',
  'date',
  'start',
  'end',
  'room_type',
  'room_type_str',
  'room_id',
  'live_link',
]);
export type PublicSeminar = z.infer<typeof PublicSeminarSchema>;

/** GET /api/read_article/: a published article as a list item (no body). */
export const PublicArticleItemSchema = only(wireSchema(article), [
  'aid',
  'slug',
  'title',
  'abstract',
  'image_url',
  'type',
  'type_num',
  'authors',
  'time3',
  'timestr3',
]);
export type PublicArticleItem = z.infer<typeof PublicArticleItemSchema>;

/** GET /api/read_article/?aid= or ?slug=: one published article. */
export const PublicArticleSchema = only(wireSchema(article), [
  'aid',
  'slug',
  'title',
  'abstract',
  'image_url',
  'type',
  'type_num',
  'authors',
  'authors_index',
  'editors',
  'markdown',
  'release',
  'releasestr',
  'time1',
  'time2',
  'time3',
  'timestr1',
  'timestr2',
  'timestr3',
]);
export type PublicArticle = z.infer<typeof PublicArticleSchema>;

/** The columns of a member the public sees (the people list and page, SPEC §7 read_people). */
export const publicPersonFields = [
  'pid',
  'username',
  'name_zh',
  'name_en',
  'description_zh',
  'description_en',
  'type',
  'type_num',
  'area',
  'area_num',
  'entrance',
  'status',
  'portrait_url',
  'link',
  'link_type',
  'email',
  'location_zh',
  'location_en',
  // a former member's year of graduation and where they are now
  'graduated',
  'now_at_zh',
  'now_at_en',
] as const;

/** The fields of a publication on the publication page (page data is sent twice: lists stay lean). */
export const publicationListFields = [
  'pid',
  'title',
  'author',
  'year',
  'month',
  'source',
  'area',
  'area_num',
  'link1',
  'link2',
  'link3',
  'link4',
  'file1_url',
  'file2_url',
  'file3_url',
  'author_members',
] as const;

/** The fields of a member's card on the people page. */
export const peopleListFields = [
  'pid',
  'username',
  'name_zh',
  'name_en',
  'description_zh',
  'description_en',
  'type',
  'type_num',
  'area',
  'entrance',
  'status',
  'portrait_url',
  'link',
  'link_type',
  'graduated',
  'now_at_zh',
  'now_at_en',
] as const;

/** GET /api/read_people/: a member as the people page lists them (never a student number, phone, authority or password). */
export const PublicPersonItemSchema = only(wireSchema(person), publicPersonFields);
export type PublicPersonItem = z.infer<typeof PublicPersonItemSchema>;

/** GET /api/read_people/?username=: one member with their personal page (link2's HTML sanitized). */
export const PublicPersonSchema = only(wireSchema(person), [...publicPersonFields, 'link1', 'link2', 'link3', 'orcid', 'dblp', 'openalex']);
export type PublicPerson = z.infer<typeof PublicPersonSchema>;

/** GET /api/read_people/?onlylist=1: the pickers' light list. */
export const PublicPersonLightSchema = only(wireSchema(person), ['pid', 'username', 'name_zh', 'name_en', 'type', 'type_num', 'status']);
export type PublicPersonLight = z.infer<typeof PublicPersonLightSchema>;

/** GET /api/read_publication/: a publication with its files' public addresses. */
const PublicPublicationSchema = only(wireSchema(publication), [
  'pid',
  'title',
  'author',
  'source',
  'type',
  'type_num',
  'area',
  'area_num',
  'year',
  'month',
  'link1',
  'link2',
  'link3',
  'link4',
  'file1',
  'file2',
  'file3',
  'file1_url',
  'file2_url',
  'file3_url',
  'order',
  'venue_kind',
  'doi',
  'abstract',
  'keywords',
  // what citations need: name parts, the fields of a book or a chapter, the place, the protected title words
  'author_parts',
  'volume',
  'issue',
  'pages',
  'publisher',
  'editors',
  'editor_parts',
  'edition',
  'isbn',
  'place',
  'title_protected',
  'author_members',
  // the kinds' own fields (docs/decisions/074-publication-kinds.md)
  'number',
  'series',
  'filed',
  'accessed',
]);
export type PublicPublication = z.infer<typeof PublicPublicationSchema>;

/**
 * GET /api/read_publication/: every publication, without its abstract. With an abstract on half of them,
 * the 10k lab's list was 1.3 MB gzip and sending it to a crowd took the machine (docs/performance.md); an
 * abstract is on its publication's page, and every field of every publication in `/publication.json`.
 */
export const PublicPublicationItemSchema = PublicPublicationSchema.omit({ abstract: true });
export type PublicPublicationItem = z.infer<typeof PublicPublicationItemSchema>;

/** GET /api/read_page/: a released course or shared-task page. */
export const PublicPageSchema = only(wireSchema(page), [
  'gid',
  'section',
  'title_zh',
  'title_en',
  'slug',
  'summary_zh',
  'summary_en',
  'markdown_zh',
  'markdown_en',
  'image_url',
  'link',
  'order',
  'release',
  'releasestr',
]);
export type PublicPage = z.infer<typeof PublicPageSchema>;

/** GET /api/read_showcase/: a released showcase item. */
export const PublicShowcaseSchema = only(wireSchema(showcase), [
  'cid',
  'kind',
  'title_zh',
  'title_en',
  'description_zh',
  'description_en',
  'image_url',
  'link',
  'order',
  'release',
  'releasestr',
]);
export type PublicShowcase = z.infer<typeof PublicShowcaseSchema>;

/** GET /api/read_site/: the site settings, every declared field but those only administrators read, and no id. */
export const SiteSettingsSchema = only(wireSchema(site), [
  'lab_name_zh',
  'lab_name_en',
  'intro_zh',
  'intro_en',
  'location_zh',
  'location_en',
  'email',
  'qr_image_url',
  'filing_number',
  'console_title_zh',
  'console_title_en',
  // which venue rank systems the publication pages show
  'venue_ranks',
]);
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** The console's GET /api/site/: the public settings and those only administrators see. */
export const ConsoleSiteSettingsSchema = SiteSettingsSchema.extend({
  require_admin_2fa: z.boolean(),
  notify_publish: z.boolean(),
  external_signup: z.boolean(),
  external_signup_type: z.string(),
  member_passwords: z.boolean(),
  // the pages read it themselves (server/sync/citations.ts)
  show_citations: z.boolean(),
  // the pages read it themselves (server/services/csl/custom-styles.ts)
  cite_styles: z.string(),
} satisfies Record<(typeof adminOnlySettings)[number], z.ZodType>);

// Files (SPEC §3 "File record", "Image").

const instant = z.iso.datetime({ offset: true });

export const DataFileSchema = z.strictObject({
  did: z.number().int(),
  filename: z.string(),
  url: z.string(),
  size: z.number().int().describe('bytes'),
  created_at: instant,
  name_zh: z.string().describe('the uploader'),
  owner: z.string().describe('"public" or a username'),
  uid: z.string(),
  username: z.string(),
});

export const ImageFileSchema = z.strictObject({
  iid: z.number().int(),
  url: z.string(),
  filename: z.string(),
  size: z.number().int().describe('bytes'),
  username: z.string(),
  created_at: instant,
});

// Availability (SPEC §7 disctime).

const occupy = z.array(z.tuple([z.number().int(), z.number().int()])).describe('[day, period] pairs');

/** GET /apiprivate/disctime/?uid=: one's own grids. */
export const OwnSchedulesSchema = z.array(z.strictObject({ term: z.string(), occupy }));

/** GET /apiprivate/disctime/: every in-group member's grid, keyed by term. */
export const AllSchedulesSchema = z.record(z.string(), z.array(z.strictObject({ name: z.string(), name_en: z.string(), uid: z.string(), occupy })));

// The session (SPEC §7 Login).

const authority = z.enum(authorities.map((a) => a.value));

export const CsrfSchema = z.strictObject({ csrftoken: z.string() });

export const LoginAnswerSchema = z.union([
  z.strictObject({
    loginStatus: z.literal('success'),
    token: z.string(),
    loginTime: z.number().int().describe('Unix seconds'),
    userInfo: z.strictObject({
      name_zh: z.string(),
      name_en: z.string(),
      uid: z.string(),
      username: z.string(),
      authority,
      portrait_url: z.string(),
      advisor: z.boolean(),
      must_change_password: z.boolean(),
      // added: an administrator who must turn on two-factor login before anything else
      two_factor_missing: z.boolean(),
    }),
  }),
  // added to SPEC's answer: the password is right and the member has two-factor login; no
  // session yet: POST /api/login/code/ with this challenge and a code (or the same login again with `code`)
  z.strictObject({
    loginStatus: z.literal('code_required'),
    challenge: z.string().describe('single use, valid 5 minutes'),
  }),
  z.strictObject({
    loginStatus: z.enum(['fail', 'notexist']),
    // added to SPEC's answer: the account waits for its invitation and has no password that logs in
    needs_invitation: z.literal(true).optional(),
  }),
]);

// Invitations: a member's first password, or a new one after a reset.

/** POST /api/people/invitation/?pid=: the link, shown once (only its hash is kept). */
export const InvitationIssuedSchema = z.strictObject({
  invitation_url: z.string().describe('the page that takes it, with the token in its fragment'),
  expires_at: z.iso.datetime({ offset: true }),
});

/** GET /api/invitation/?token=: what the invitation page shows before a password is chosen. */
export const InvitationStateSchema = z.strictObject({
  state: z.enum(['open', 'used', 'expired']),
  username: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
});

/** GET /api/me/: the member a session belongs to. */
export const MeSchema = z.strictObject({
  pid: z.number().int(),
  uid: z.string(),
  username: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
  authority,
  portrait_url: z.string(),
  must_change_password: z.boolean(),
  two_factor_missing: z.boolean(),
  advisor: z.boolean(),
  analytics_url: z.string().nullable(),
  mail: z.boolean().describe('the server can send mail (SMTP_URL and MAIL_FROM set): the console offers "send by e-mail" only then'),
});
export type Me = z.infer<typeof MeSchema>;

/** GET /api/two-factor/: the member's own two-factor login. */
export const TwoFactorStateSchema = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean().describe('an administrator of a site that requires it'),
  recovery_left: z.number().int(),
});
export type TwoFactorState = z.infer<typeof TwoFactorStateSchema>;

/** GET /api/people/two-factor/ (administrators): who has two-factor login on. */
export const TwoFactorEnrolledSchema = z.strictObject({ enrolled: z.array(z.number().int()).describe('the pids of members with two-factor login on') });
export type TwoFactorEnrolled = z.infer<typeof TwoFactorEnrolledSchema>;

/** GET /api/campus-links/: one's own campus accounts linked to this account, and the campus logins the site has. */
const CampusLinkSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(['oidc', 'cas', 'ldap']),
  issuer: z.string().describe('the campus server (OIDC issuer, CAS server, LDAP directory)'),
  subject: z.string().describe("the campus server's own id of the person (OIDC sub, CAS user, LDAP DN)"),
  explicit: z.boolean().describe('linked by the member from the profile (false: recorded at a first campus login)'),
  created_at: z.number().int().describe('Unix seconds'),
});
export type CampusLink = z.infer<typeof CampusLinkSchema>;
export const CampusLinksSchema = z.strictObject({
  links: z.array(CampusLinkSchema),
  available: z.strictObject({ oidc: z.boolean(), cas: z.boolean(), ldap: z.boolean() }),
});
export type CampusLinks = z.infer<typeof CampusLinksSchema>;
/** POST /api/campus-links/start/: where to send the browser (the campus login); its way back links the account. */
export const CampusLinkStartSchema = z.strictObject({ url: z.string() });

/** POST /api/two-factor/setup/: a new secret to enrol, shown until confirmed; the QR code drawn by the server. */
export const TwoFactorSetupSchema = z.strictObject({ secret: z.string(), uri: z.string(), qr_svg: z.string() });

/** POST /api/two-factor/enable/: the recovery codes, shown this once (only their hashes are kept). */
export const RecoveryCodesSchema = z.strictObject({ recovery_codes: z.array(z.string()) });

// What the list pages hold of a record: its list fields, each left out when it is empty.

/** A publication as the publication page lists it. */
export type PublicationListItem = Partial<Pick<PublicPublication, (typeof publicationListFields)[number]>>;

/** A member's card on the people page: who they are always, the rest when it is given. */
export type PersonListItem = Pick<PublicPersonItem, 'pid' | 'username' | 'name_zh' | 'name_en' | 'type' | 'type_num' | 'status' | 'link_type'> &
  Partial<Pick<PublicPersonItem, (typeof peopleListFields)[number]>>;

// BibTeX import: the preview of a .bib file and the chosen entries the import takes.

/** An entry of a .bib file as a publication's fields (and its BibTeX type, for the preview). */
export const ImportedRecordSchema = z.strictObject({
  title: z.string().max(500),
  author: z.array(z.string().max(300)).max(100),
  source: z.string().max(300),
  type: z.enum(enumValues(publicationTypes)),
  venue_kind: z.enum(enumValues(venueKinds)),
  year: z.number().int(),
  month: z.number().int().optional(),
  doi: z.string().max(200),
  abstract: z.string().max(10000),
  keywords: z.array(z.string().max(300)).max(50),
  link1: z.string().max(2000),
  entryType: z.string().max(40),
  // name parts (common/authors.ts), and what citations need; all optional (Fill and old clients)
  author_parts: z.array(z.string().max(300)).max(100).optional(),
  volume: z.string().max(50).optional(),
  issue: z.string().max(50).optional(),
  pages: z.string().max(50).optional(),
  publisher: z.string().max(300).optional(),
  editors: z.array(z.string().max(300)).max(100).optional(),
  editor_parts: z.array(z.string().max(300)).max(100).optional(),
  edition: z.string().max(50).optional(),
  isbn: z.string().max(50).optional(),
  // the place of publication (BibTeX's address or location; a thesis's city)
  place: z.string().max(100).optional(),
  // the title's words the file protects with braces (kept in APA's sentence case)
  title_protected: z.array(z.string().max(500)).max(50).optional(),
  // the code, WeChat and video links (this site's export, al-folio's code and video)
  link2: z.string().max(2000).optional(),
  link3: z.string().max(2000).optional(),
  link4: z.string().max(2000).optional(),
  // the DBLP key of a dblp record's venue (its biburl), for the venue rank match
  venue_key: z.string().max(300).optional(),
  // the kinds' own fields (docs/decisions/074-publication-kinds.md)
  number: z.string().max(100).optional(),
  series: z.string().max(300).optional(),
  filed: z.string().max(10).optional(),
  accessed: z.string().max(10).optional(),
});
export type ImportedRecord = z.infer<typeof ImportedRecordSchema>;

/** The reference files the import reads (BibTeX, RIS, EndNote's tagged .enw, EndNote XML, a pasted GB/T 7714 list): a preview may name its text's format. */
export const importFormats = ['bibtex', 'ris', 'enw', 'endnote-xml', 'gbt7714'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const ImportEntrySchema = z.strictObject({
  /** Its place in the file, from 1, and the line it starts on. */
  index: z.number().int(),
  line: z.number().int(),
  /** Its citation key, as written. */
  key: z.string(),
  /** The publication it would become (absent when the entry could not be read). */
  record: ImportedRecordSchema.optional(),
  /** Why it cannot be imported as it is: a parse error, or the fields the schema refuses. */
  problems: z.array(z.string()),
  /** A stored publication it duplicates, by DOI or by title and year. */
  duplicateOf: z.strictObject({ pid: z.number().int(), title: z.string(), by: z.enum(['doi', 'title']) }).optional(),
  /** An earlier entry of the same file it repeats: skipped unless chosen. */
  repeats: z.strictObject({ index: z.number().int(), key: z.string(), by: z.enum(['doi', 'title']) }).optional(),
  /** What the import changed in the entry as written, in the reader's language. */
  changes: z.array(z.string()).optional(),
  /** The area the file names for it (`groups`, as this site's export and JabRef write it), proposed. */
  area: z.string().max(60).optional(),
});
export type ImportEntry = z.infer<typeof ImportEntrySchema>;

/** What the import takes: each chosen entry with its area, created, or updating the duplicate it names. */
export const ImportChoicesSchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        record: ImportedRecordSchema,
        area: z.string().max(60),
        update: z.number().int().positive().optional(),
        /** Its citation key, to name it in the result. */
        key: z.string().max(300).optional(),
      }),
    )
    .min(1)
    .max(2000),
  /**
   * Store the entries that pass and report the others (`refused`), instead of
   * refusing the whole import for one of them (the default).
   */
  partial: z.boolean().optional(),
  /** How many entries of the file the reader left out as duplicates, for the result to say. */
  skipped: z.number().int().min(0).max(2000).optional(),
});
export type ImportChoice = z.infer<typeof ImportChoicesSchema>['entries'][number];

/** What an import did: the records created and updated, and what it skipped and refused, said in the reader's language. */
export const ImportResultSchema = z.strictObject({
  created: z.array(z.number().int()),
  updated: z.array(z.number().int()),
  skipped: z.number().int().optional(),
  /** Each entry left out: its place among the entries sent (from 1), its key, why (one line per field). */
  refused: z.array(z.strictObject({ index: z.number().int(), key: z.string(), problems: z.array(z.string()) })).optional(),
  /** The counts in one sentence, in the reader's language. */
  summary: z.string().optional(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

// The site search's answer (GET /api/search/; common/search.ts has its constants).

/** A piece of shown text; `hit` where it matched the query. */
const SegmentSchema = z.strictObject({ text: z.string(), hit: z.literal(true).optional() });
export type Segment = z.infer<typeof SegmentSchema>;

/**
 * One of the app's result kinds (`lab.resultKinds`): a fixed kind, or the name of a served resource with a
 * declared public side, typed as the fixed kinds, which alone the pages and the console name.
 */
const resultKindSchema = (kinds: ResultKinds) => z.string().refine((v) => isResultKind(kinds, v)) as unknown as z.ZodType<SearchKind>;

const searchResultSchema = (kinds: ResultKinds) =>
  z.strictObject({
    kind: resultKindSchema(kinds),
    /** `{kind}:{its id}`: publication:12, person:zhangsan, … */
    id: z.string(),
    /** Its page (or, for a project or a member without a page here, where it is shown); null when it has none. */
    url: z.string().nullable(),
    /** Its page on this site opens in place; any other address in a new tab. */
    external: z.boolean(),
    title: z.array(SegmentSchema),
    snippet: z.array(SegmentSchema),
    /** A line of what it is: venue and year, a date, a member's role. */
    meta: z.string(),
  });
export type SearchResult = z.infer<ReturnType<typeof searchResultSchema>>;

/** The answer of an app whose results are of `kinds` (server/api/search.ts builds it with `app.lab`). */
export const searchAnswerSchema = (kinds: ResultKinds) =>
  z.strictObject({
    /** The query as searched (cut to SEARCH_MAX_CHARS). */
    q: z.string(),
    cut: z.boolean().describe('the query was longer than the limit and was cut'),
    kind: resultKindSchema(kinds).nullable(),
    page: z.number().int(),
    pages: z.number().int(),
    /** Results of the chosen kind (of every kind when none is chosen). */
    total: z.number().int(),
    capped: z.boolean().describe(`more results than the best ${SEARCH_REACHABLE}, which alone can be paged to`),
    /** Results of each kind, whichever is chosen: every fixed kind, then each declared public resource by its name. */
    counts: z.record(z.string(), z.number().int()).refine((c) => searchKinds.every((k) => k in c) && Object.keys(c).every((k) => isResultKind(kinds, k)), {
      error: 'every fixed kind, and result kinds only',
    }) as unknown as z.ZodType<Record<SearchKind, number>>,
    results: z.array(searchResultSchema(kinds)),
    /**
     * Set when few records matched the query as written and its misspelt words were read as the nearest
     * words the site holds: the query with them replaced; the results are those it finds.
     */
    didYouMean: z.string().optional(),
  });
export type SearchAnswer = z.infer<ReturnType<typeof searchAnswerSchema>>;

// The activity log: GET /api/activity/, the console's Activity screen and profile.

/** What the log records. */
export const activityActions = [
  'create',
  'update',
  'delete',
  'restore',
  'purge',
  'login',
  'login_failed',
  'logout',
  'password',
  'invite',
  'upload',
  'backup',
  'role',
  // a scheduled record gone public at its time, by the system
  'publish',
  // e-mail: a mail sent (invitation, reset, notification), a password reset asked for
  'mail',
  'reset_request',
  // one's own e-mail address changed: resets are held for a day after it
  'email',
  // two-factor login: enrolled, turned off by the member, reset by an administrator or the CLI
  'two_factor_enrol',
  'two_factor_disable',
  'two_factor_reset',
  // a campus account tied to a member (at a first campus login, or by the member from the profile) and untied
  'link',
  'unlink',
  // the daily publication sync with OpenAlex
  'sync',
] as const;
export const activityOutcomes = ['ok', 'refused', 'failed'] as const;

const ActivityEntrySchema = z.strictObject({
  eid: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actor_pid: z.number().int().nullable(),
  actor: z.string().describe('the username at the time; empty for a failed login'),
  address: z.string(),
  action: z.string(),
  resource: z.string(),
  record: z.string(),
  record_name: z.string().describe('what the entry is about, in words of the reader’s language: a record’s name when it was acted on, or "#id (deleted)"'),
  outcome: z.enum(activityOutcomes),
  detail: z
    .string()
    .describe(
      'comma-separated names, never values: the fields an update changed (in older entries, the fields it sent), the files an upload stored; the title of a record the system published at its time',
    ),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.strictObject({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  entries: z.array(ActivityEntrySchema),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

// History: GET /api/history/{resource}/{id}/, one version, and the trash.

const VersionItemSchema = z.strictObject({
  rid: z.number().int(),
  at: z.string().describe('ISO 8601: when the version was replaced'),
  actor: z.string().describe('the username of who replaced it'),
});
export type VersionItem = z.infer<typeof VersionItemSchema>;

export const VersionListSchema = z.strictObject({
  current: z.record(z.string(), z.unknown()).describe('the record as it is now, as its read answers it'),
  versions: z.array(VersionItemSchema).describe('the versions kept, newest first'),
});
export type VersionList = z.infer<typeof VersionListSchema>;

export const VersionSchema = VersionItemSchema.extend({
  record: z.record(z.string(), z.unknown()).describe('the record as it was, as its read answers it (files by name)'),
});
export type Version = z.infer<typeof VersionSchema>;

const TrashItemSchema = z.strictObject({
  tid: z.number().int(),
  resource: z.string(),
  record: z.number().int(),
  title: z.string(),
  at: z.string().describe('ISO 8601: when it was deleted'),
  actor: z.string().describe('the username of who deleted it'),
  files: z.number().int().describe('how many stored files the entry keeps'),
});
export type TrashItem = z.infer<typeof TrashItemSchema>;
export const TrashListSchema = z.strictObject({
  days: z.number().describe('how many days an entry stays before it is purged'),
  items: z.array(TrashItemSchema),
});
export type TrashList = z.infer<typeof TrashListSchema>;
