import { z } from 'zod';
import { type FieldDef, type FieldMap, isBlank, type Label } from './fields.ts';
import { fieldSchema, kindOf, numFieldDoc, wireInputDoc } from './kinds/index.ts';
import type { ShownRef } from './person-refs.ts';

type Role = 'anonymous' | 'user' | 'admin';

/** Who may do something: any logged-in member, or administrators only. */
export type Access = 'member' | 'admin';

/**
 * A value a read carries besides the id and the declared fields: a display string in the request's
 * language (releasestr, timestr1) or a value the server sets (time1, file1_url). The service fills it.
 */
export type DerivedDef = { readonly kind: 'text' | 'instant'; readonly nullable?: boolean };
export type DerivedMap = Readonly<Record<string, DerivedDef>>;

/** `T` and `I`: the table and id column as written in the declaration (the server checks them against its schema); `D` its derived values. */
export type ResourceDef<F extends FieldMap = FieldMap, T extends string = string, I extends string = string, D extends DerivedMap = DerivedMap> = {
  readonly name: string;
  readonly label: Label;
  readonly table: T;
  /** The id field, also the query parameter of PUT and DELETE (SPEC §7: ?aid=, ?nid=, …). */
  readonly id: I;
  /** SPEC §7's console path, trailing slash included. */
  readonly path: string;
  readonly fields: F;
  /** What every read of a record carries besides its id and fields (DESIGN "Read shapes"). */
  readonly derived?: D;
  readonly access: { readonly read: Access; readonly create: Access; readonly update: Access; readonly delete: Access };
  /** Columns of the console's list, in order; each cell is drawn by its field's kind. */
  readonly listColumns: readonly ListColumn[];
  readonly orderBy: readonly (readonly [string, 'asc' | 'desc'])[];
  /**
   * The int field that is a record's place in its list: the console reorders the list by
   * dragging, with the mouse or the keyboard, and saves the new order in one call (PUT /api/order/{name}/);
   * a new record comes last. Within the `orderBy` fields listed before it (a showcase item's kind), each
   * group is ordered on its own.
   */
  readonly ordered?: string;
  /** Checks across fields, run after each field is valid. */
  readonly refine?: (value: Record<string, unknown>, ctx: RefineContext) => void;
  /** The address of a record's public page (common/paths.ts), where it has one. */
  readonly publicPath?: (row: Record<string, unknown>) => string | undefined;
  /** The console's screen for the resource, drawn from this declaration; none for resources with screens of their own. */
  readonly console?: ConsoleView;
  /**
   * Keeps history: each update stores the version it replaces, each delete moves the record to
   * the trash (server/services/history.ts). `ownerFields`: where a member may edit their own record (a
   * profile), the fields they may restore from its history; an administrator restores every field.
   */
  readonly history?: { readonly ownerFields?: readonly string[] };
  /**
   * Its public side: a list page, a page for each public record, a read, a menu entry, the
   * sitemap, the search and the cache, all from this (server/public/, app/routes/public/resource-*.tsx).
   */
  readonly public?: PublicDef;
};

/**
 * What the public sees of a resource, and where. A resource with this part has, with nothing else written:
 * - the pages `/{segment}` (its public records, `pageSize` to a page, in `orderBy`'s order) and
 *   `/{segment}/{id}` (one record), in both languages, drawn by one generic list and one generic record page
 *   (or its own `card`/`page` component, named in app/routes/public/resource-slots.tsx);
 * - the read `GET /api/read_{name}/` (the list, or `?{id}=` for one), answering only `fields`;
 * - an entry in the public menu, the sitemap entries of both pages, a search document per public record
 *   (of kind `{name}`), the cache topic `{name}` (a write through the API makes its pages and read stale),
 *   and `{segment}` reserved as a username (a member's page may never shadow it).
 */
export type PublicDef<K extends string = string> = {
  /** The first segment of its pages' addresses (lower case): /{segment} and /{segment}/{id}. */
  readonly segment: string;
  /** Its entry in the public menu: the label in both languages and its place (home 0, news 10, people 20, curriculum 30, shared tasks 40, publications 50, DISCOpen 60). */
  readonly nav: { readonly label: Label; readonly order: number };
  /** The list page's line under its title. */
  readonly description?: Label;
  /**
   * The projection, a filter: the fields (and derived values) a visitor sees, besides the id. No other
   * field leaves the server, whatever the service's rows carry (`publicProjection`).
   */
  readonly fields: readonly K[];
  /** The one rule of which records are public: this bool field is true (a release switch). Every record, when none. */
  readonly releasedBy?: K;
  /** Records on one page of the list (24 unless given); the order is the declaration's `orderBy`. */
  readonly pageSize?: number;
  /** The record's title on its card, its page, its search result: a field, or `key` of a pair key_zh / key_en. */
  readonly title: string;
  /** Its text (on its page, in search, the first on its card): fields or pairs as `title`. */
  readonly text?: readonly string[];
  /** A line of what it is (a year, a date, a level and a period): a field, or several joined by " · ", shown on the card and in search results. */
  readonly meta?: K | 'period' | readonly (K | 'period')[];
  /** false: not in the site search (it is, unless false). */
  readonly search?: false;
  /**
   * Facts the record page shows as label and value, in order: an enum as its option in the
   * reader's language, a people field as its names (members linked to their pages), an int that `refers` to
   * a record as a link to that record's page, an image as a picture, a link as a link, other fields as text.
   * A card shows the names of the people fields among them. A pair key_zh / key_en is named by `key`, with its label.
   */
  readonly details?: readonly (K | { readonly key: string; readonly label: Label })[];
  /**
   * The schema.org type of a record's JSON-LD on its page, where schema.org has one (a function: by the
   * record, e.g. its kind; undefined for none). None unless given.
   */
  readonly schemaType?: string | ((row: Record<string, unknown>) => string | undefined);
  /**
   * A text property of schema.org's Person that names the records a people field of it names them in (an
   * award: `award`): a member's page's Person lists their titles under it.
   */
  readonly personProperty?: string;
  /**
   * The end of a record's public window: an instant field. A record is public until that moment (none: no
   * end); the publish timer (server/cache/publish-timer.ts) announces the change when the moment comes, so
   * the record leaves the pages, the read, the sitemap and the search by itself.
   */
  readonly until?: K;
  /** Values shown with their field's label on the card and the record page (a date, a deadline), each as its kind says. */
  readonly facts?: readonly K[];
  /** A heading over a text block of the record page, by its `text` key (none: no heading). */
  readonly headings?: Readonly<Partial<Record<string, Label>>>;
  /**
   * The years a record spans (a project's): `starts` and `ends` are year fields (int), `ends` empty while it
   * has no set end. Named `period` among `meta`, `details` and `filters`: shown as "2023 – 2026" (or "since
   * 2023"), and a record is `ongoing` until its end year has passed (in Beijing), then `finished`.
   */
  readonly period?: {
    readonly starts: K;
    readonly ends: K;
    readonly label: Label;
    /** The list page's query parameter of its filter (`?{param}=ongoing|finished`). */
    readonly param: string;
    readonly ongoing: Label;
    readonly finished: Label;
  };
  /**
   * The list page's filters, in order: an enum field by its options (`?{field}={option}`), or
   * `period` by its state. Each is a row of links (plain links: they work without scripts), and the list,
   * its pages and the public read (`?{field}=`) narrow to what they choose.
   */
  readonly filters?: readonly (K | 'period')[];
  /** A short line on the home page, linking to the list, while any record is public ("we are recruiting"). */
  readonly home?: Label;
  /** The record page's schema.org JSON-LD (`@context` is added): from the projected record and what its page shows. */
  readonly jsonLd?: (record: Record<string, unknown>, page: JsonLdPage) => Record<string, unknown>;
};

/** What a declaration's `jsonLd` gets besides the record: its page as shown, in the reader's language. */
type JsonLdPage = {
  readonly lang: 'zh' | 'en';
  readonly url: string;
  readonly title: string;
  /** The record's text, plain. */
  readonly text: string;
  /** The record's text as its page's HTML (sanitized). */
  readonly html: string;
  /** The lab, as a schema.org Organization. */
  readonly organization: Record<string, unknown>;
  /** The lab's address in the reader's language ('' when none is set). */
  readonly address: string;
};

/** A declaration with a public side. */
export type PublicResource = ResourceDef & { readonly public: PublicDef };
export const isPublicResource = (res: ResourceDef): res is PublicResource => res.public !== undefined;

/** The read of a public resource (SPEC §7 style): GET /api/read_{name}/, and ?{id}= for one. */
export const publicReadPath = (res: Pick<ResourceDef, 'name'>) => `/api/read_${res.name}/` as const;
/** The pages of a public resource: its list, and one record's. */
export const publicListPath = (res: PublicResource) => `/${res.public.segment}`;
export const publicRecordPath = (res: PublicResource, id: number | string) => `/${res.public.segment}/${id}`;
/** The public page size of a declared resource. */
export const publicPageSize = (res: PublicResource) => res.public.pageSize ?? 24;

/** The keys a visitor sees of a record: the id and the projection (an enum's number with its enum). */
function publicKeys(res: PublicResource): string[] {
  const keys = [res.id];
  for (const name of res.public.fields) {
    keys.push(name);
    const def = res.fields[name];
    if (def) keys.push(...Object.keys(kindOf(def).answers?.(name, def) ?? {}));
  }
  return keys;
}

/** A record as the public sees it: the projection's keys and nothing else (a filter, not a check). */
export function publicProjection(res: PublicResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of publicKeys(res)) if (k in row) out[k] = row[k];
  return out;
}

/** The zod schema of a public record: exactly the projection's keys of the wire schema. */
export function publicSchema(res: PublicResource): z.ZodObject<z.core.$ZodShape, z.core.$strict> {
  const wire = wireSchema(res);
  const shape: Record<string, z.ZodType> = {};
  for (const k of publicKeys(res)) {
    const s = (wire.shape as Record<string, z.ZodType>)[k];
    if (s) shape[k] = s;
  }
  return z.strictObject(shape);
}

const blankText = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The bilingual pairs of a declaration: each `key` whose text fields `key_zh` and
 * `key_en` are both declared (among `names`, when given).
 */
export function bilingualPairs(res: Pick<ResourceDef, 'fields'>, names?: readonly string[]): string[] {
  const among = names ? new Set(names) : undefined;
  const textual = (n: string) => {
    const def = res.fields[n];
    return def !== undefined && kindOf(def).prose === true && (!among || among.has(n));
  };
  return Object.keys(res.fields)
    .filter((n) => n.endsWith('_zh') && textual(n) && textual(`${n.slice(0, -3)}_en`))
    .map((n) => n.slice(0, -3));
}

/** The languages a record lacks: a pair (of `pairs`) written in the other language only. */
export function missingLanguages(row: Record<string, unknown>, pairs: readonly string[]): ('zh' | 'en')[] {
  const out = new Set<'zh' | 'en'>();
  for (const key of pairs) {
    const zh = blankText(row[`${key}_zh`]);
    const en = blankText(row[`${key}_en`]);
    if (zh && !en) out.add('zh');
    if (en && !zh) out.add('en');
  }
  return (['zh', 'en'] as const).filter((l) => out.has(l));
}

/**
 * A declared public record as its card and page show it: in the reader's language, with the
 * projection's record for a resource's own component. Where a text exists only in the other language it is
 * shown in that one: `titleLang` and each block's `lang` say which, `missing` whether the
 * record lacks the reader's language somewhere, `langs` the languages it is complete in (its hreflang).
 */
export type PublicCardData = {
  id: number;
  href: string;
  title: string;
  meta: string;
  text: string[];
  record: Record<string, unknown>;
  titleLang?: 'zh' | 'en';
  facts?: { label: string; value: string }[];
  missing?: boolean;
  langs?: ('zh' | 'en')[];
  /** The record page's text blocks: a heading, the text as sanitized HTML (markdown rendered) or plain, and its language. */
  blocks?: { key: string; heading: string; html: string | null; text: string; lang: 'zh' | 'en' }[];
  /** The names of its people fields among `details`, for its card (which is a link: no links inside). */
  people?: string;
  /** Its declared `details`, those with a value. */
  details?: PublicDetail[];
  /** Its JSON-LD (schema.org), where its declaration names a type. */
  jsonLd?: Record<string, unknown>;
};

/** One fact of a record page (`public.details`): its label and its value, as text, names, a link or a picture. */
export type PublicDetail = {
  key: string;
  label: string;
  text?: string;
  people?: readonly ShownRef[];
  href?: string;
  image?: string;
  /** The records a list that `refers` names, each its title and page. */
  links?: readonly { text: string; href: string }[];
};
/** A filter of a list page as it draws it: its label and its choices, each with its link, and the one chosen. */
export type PublicFilter = { param: string; label: string; chosen: string; options: { value: string; label: string; href: string }[] };
/** What the generic pages of a declared public resource know of it. */
export type PublicResourceInfo = { name: string; segment: string; label: string; description: string; href: string };

/** The values a list page may be filtered on: an enum filter's options, a period's two states; by query parameter. */
export function publicFilterValues(res: PublicResource): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const name of res.public.filters ?? []) {
    const period = res.public.period;
    if (name === 'period' && period) out[period.param] = ['ongoing', 'finished'];
    const def = res.fields[name];
    if (def?.options) out[name] = def.options.map((o) => o.value);
  }
  return out;
}

/** The address of a record's public page: its declared `publicPath`, else its public part's record page while it is public. */
export function publicPageOf(res: ResourceDef, row: Record<string, unknown>): string | undefined {
  if (res.publicPath) return res.publicPath(row);
  if (!isPublicResource(res) || row[res.id] == null) return undefined;
  return isPublicNow(res, row) ? publicRecordPath(res, String(row[res.id])) : undefined;
}

/** Whether a record (as read) is public at `now`: released, and its public window (`until`) not passed. */
export function isPublicNow(res: PublicResource, row: Record<string, unknown>, now: Date = new Date()): boolean {
  const { releasedBy: flag, until } = res.public;
  if (flag && row[flag] !== true) return false;
  const end = until ? row[until] : undefined;
  return typeof end !== 'string' || end === '' || Date.parse(end) > now.getTime();
}

/** The first path segments public resources take (lower case): reserved as usernames. */
export const publicSegments = (resources: readonly ResourceDef[]) => resources.filter(isPublicResource).map((r) => r.public.segment.toLowerCase());

/**
 * A column of the console's list: a field (or the id) by name, or one with more to say: a value the
 * server adds (`kind` says how to show it), a text in the reader's language, a second field shown beside
 * the first, or a link to the record's public page.
 */
export type ListColumn =
  | string
  | {
      readonly key: string;
      /** The heading; a field's own label unless given. */
      readonly label?: Label;
      /**
       * For a value that is not a declared field: a moment, shown as local date and time. `state`: the
       * release switch `key` read with `publish_at`: a draft, scheduled for a time, or published.
       */
      readonly kind?: 'instant' | 'state';
      /** `key` names a pair of fields, {key}_zh and {key}_en: the reader's language, else the other. */
      readonly bilingual?: boolean;
      /** The cell links to the record's public page (`publicPath`). */
      readonly opens?: boolean;
      /** A field shown after this one, with " / " between (a name in both languages). */
      readonly with?: string;
      /** This column heads each record's card on a phone (else the first column does). */
      readonly title?: boolean;
    };

/** The drawer's pictures a console screen may name (app/console/icons.tsx draws each). */
const consoleIcons = ['people', 'article', 'publication', 'news', 'event', 'folder', 'info', 'web', 'award', 'school', 'lightbulb', 'star', 'table'] as const;
export type ConsoleIcon = (typeof consoleIcons)[number];

type ConsoleView = {
  /** The last segment of the screen's address, /console/{segment} (the name unless given). */
  readonly segment?: string;
  readonly icon: ConsoleIcon;
  /** Where the editor opens: beside the list, below it, or in a dialog. */
  readonly editor: 'side' | 'below' | 'dialog';
  /** The fields the editor shows, in order (all, unless given). */
  readonly editorFields?: readonly string[];
  /**
   * Fields the editor shows only while another field (an enum) has one of some values: a publication's fields by
   * its kind. A field it hides keeps its value and is still sent; the others are always shown.
   */
  readonly editorWhen?: { readonly field: string; readonly show: Readonly<Record<string, readonly string[]>> };
  /** The editor stays open after an update (SPEC §4 for publications). */
  readonly keepOpenOnUpdate?: boolean;
  /** Boolean fields with a `toggle`, switched from the list after a confirmation. */
  readonly toggles?: readonly string[];
  /** The list and the editor offer a preview of the record's public page, saved or with unsaved edits (server/pages/preview.ts). */
  readonly preview?: boolean;
  /** Fields the list's filter box also looks in, besides the list's own columns (common/list-params.ts). */
  readonly filter?: readonly string[];
  /** false: the list is part of a screen of its own (site content), not a drawer entry with its own address. */
  readonly drawer?: false;
};

/** The `orderBy` fields before the order field: each of their value combinations is a list ordered on its own. */
export function orderGroups(res: ResourceDef): string[] {
  if (!res.ordered) return [];
  const at = res.orderBy.findIndex(([col]) => col === res.ordered);
  return res.orderBy.slice(0, Math.max(0, at)).map(([col]) => col);
}

/** The call that saves a new order of an ordered resource (server/api/order.ts). */
export const orderPath = (res: Pick<ResourceDef, 'name'>) => `/api/order/${res.name}/` as const;

/** The console's address of a resource with a declared screen. */
export const consoleSegment = (res: ResourceDef) => res.console?.segment ?? res.name;

export type RefineContext = { mode: 'create' | 'update'; issue: (field: string, message: string, params?: Record<string, unknown>) => void };

export function defineResource<
  const F extends FieldMap,
  const T extends string,
  const I extends string,
  const D extends DerivedMap = Record<never, DerivedDef>,
>(
  // a public part names the declaration's own fields and derived values (checked here, so that ResourceDef stays covariant)
  def: ResourceDef<F, T, I, D> & { readonly public?: PublicDef<Extract<keyof F | keyof D, string>> },
): ResourceDef<F, T, I, D> {
  return def;
}

function requiredSchema(def: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const base = fieldSchema(def);
  if (!def.required) return base.optional();
  // Blank is "required" before the kind's own checks (an empty enum is missing, not a wrong option)
  // and again after them (a list sent as "[]" is empty once parsed).
  const given = z.unknown().refine((v) => !isBlank(v), { error: 'required', abort: true });
  const nonBlank = given.pipe(base).refine((v) => !isBlank(v), { error: 'required', abort: true });
  // On create a required field must be there (unless its declared default fills it); on update it
  // may be absent (unchanged). Sent empty, it is always an error.
  return mode === 'create' && def.default === undefined ? z.preprocess((v) => v ?? '', nonBlank) : nonBlank.optional();
}

/**
 * The input schema of a write, built from the declaration: every field optional unless required,
 * numeric twins of enums accepted, unknown fields dropped.
 */
export function inputSchema(res: ResourceDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  // `meta`: how the API documentation shows each field (the checks' own JSON Schema says little)
  for (const [name, def] of Object.entries(res.fields)) {
    shape[name] = requiredSchema(def, mode).meta(wireInputDoc(def));
    if (def.numField) {
      shape[def.numField] = fieldSchema({ kind: 'int', label: def.label, min: 0, max: 1000 }).optional().meta(numFieldDoc(def));
    }
  }
  return z.object(shape).superRefine((value, ctx) => {
    const issue = (field: string, message: string, params?: Record<string, unknown>) => ctx.addIssue({ code: 'custom', path: [field], message, params });
    for (const [name, def] of Object.entries(res.fields)) {
      if (!def.numField) continue;
      resolveEnumPair(value, name, def, issue);
    }
    // Cross-field checks see only the fields that passed their own checks, and add nothing to a
    // field already refused (a start time of 25:00 is reported once, not again as "end before start").
    const invalid = new Set(ctx.issues.map((i) => String(i.path?.[0] ?? '')));
    const valid = Object.fromEntries(Object.entries(value).filter(([k]) => !invalid.has(k)));
    res.refine?.(valid, { mode, issue: (field, message, params) => invalid.has(field) || issue(field, message, params) });
  }) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Fills the label from the number (or the number from the label) and rejects a pair that disagrees. */
function resolveEnumPair(value: Record<string, unknown>, name: string, def: FieldDef, issue: RefineContext['issue']) {
  const numField = def.numField as string;
  const options = def.options ?? [];
  const label = value[name];
  const num = value[numField];
  if (typeof label === 'string' && label !== '') {
    const entry = options.find((o) => o.value === label);
    if (num !== undefined && entry && entry.num !== num) {
      // labels sharing a number (young researcher / young associate researcher) agree with it
      issue(numField, 'enum_mismatch', { field: name });
      return;
    }
    if (entry) value[numField] = entry.num;
  } else if (typeof num === 'number') {
    const entry = options.find((o) => o.num === num);
    if (!entry) issue(numField, 'invalid_enum', { options: [...new Set(options.map((o) => o.num))].join(', ') });
    else value[name] = entry.value;
  }
}

// What a read answers for one record (GET path and ?{id}=, SPEC §7; DESIGN "Read shapes"): the id, every
// field but passwords as its kind travels back (booleans, lists as arrays, enums with their number),
// and the declared derived values. WireRow is the type, wireSchema the same at run time.

type WireValue<D extends FieldDef> = D['kind'] extends 'bool'
  ? boolean
  : D['kind'] extends 'list' | 'people'
    ? string[]
    : D['kind'] extends 'int'
      ? D extends { required: true } | { default: number }
        ? number
        : number | null
      : D['kind'] extends 'image'
        ? string | null
        : D['kind'] extends 'enum'
          ? D['options'] extends readonly { value: infer V }[]
            ? V
            : string
          : D extends { nullable: true }
            ? string | null
            : string;

type DerivedValue<D extends DerivedDef> = D extends { nullable: true } ? string | null : string;

type Fields<R extends ResourceDef> = R['fields'];
type Derived<R extends ResourceDef> = NonNullable<R['derived']>;

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** One record as a read answers it, e.g. `WireRow<typeof seminar>`; a record of anything for a declaration not known here. */
export type WireRow<R extends ResourceDef> = string extends keyof Fields<R>
  ? Record<string, unknown>
  : Flat<
      { [K in R['id']]: number } & {
        [K in keyof Fields<R> as Fields<R>[K]['kind'] extends 'password' ? never : K]: WireValue<Fields<R>[K]>;
      } & { [K in keyof Fields<R> as Fields<R>[K] extends { numField: infer N extends string } ? N : never]: number } & {
        [K in keyof Fields<R> as Fields<R>[K] extends { kind: 'file' } ? `${K & string}_url` : never]: string;
      } & {
        [K in keyof Derived<R>]: DerivedValue<Derived<R>[K]>;
      }
    >;

/** The zod shape behind WireRow: `pick` makes a projection of it (common/wire.ts). */
export type WireShape<R extends ResourceDef> = { [K in keyof WireRow<R>]-?: z.ZodType<WireRow<R>[K]> };

function derivedSchema(def: DerivedDef): z.ZodType {
  // instants are ISO 8601 with an offset (DESIGN "Read shapes")
  const base = def.kind === 'instant' ? z.iso.datetime({ offset: true }) : z.string();
  return def.nullable ? base.nullable() : base;
}

/**
 * The zod schema of one record as a read answers it: exactly WireRow's keys (strict: a column a read
 * should not carry is an error where responses are checked, server/http/responses.ts).
 */
export function wireSchema<R extends ResourceDef>(res: R): z.ZodObject<WireShape<R>, z.core.$strict> {
  const shape: Record<string, z.ZodType> = { [res.id]: z.number().int() };
  for (const [name, def] of Object.entries(res.fields)) {
    const kind = kindOf(def);
    const value = kind.wire(def);
    if (!value) continue;
    shape[name] = value.describe(def.label.en);
    Object.assign(shape, kind.answers?.(name, def));
  }
  for (const [name, def] of Object.entries(res.derived ?? {})) shape[name] = derivedSchema(def);
  // built by the same rules as WireRow, key by key (common/resource.test.ts checks keys and types)
  return z.strictObject(shape) as unknown as z.ZodObject<WireShape<R>, z.core.$strict>;
}

/** Default values of a new record (SPEC §3 defaults, "today" for dates). */
export function defaults(res: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(res.fields)) {
    if (def.default === undefined) continue;
    out[name] = typeof def.default === 'function' ? def.default() : def.default;
  }
  return out;
}

export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A record's name in lists that hold records of every kind (its revisions, the trash): the cell its
 * console list heads a phone's card with, in `lang` (else the other language).
 */
export function recordTitle(res: ResourceDef, row: Record<string, unknown>, lang: 'zh' | 'en'): string {
  const col = res.listColumns.find((c) => typeof c !== 'string' && c.title) ?? res.listColumns[0];
  if (col === undefined) return '';
  const text = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v == null ? '' : String(v));
  if (typeof col === 'string') return text(row[col]);
  const other = lang === 'zh' ? 'en' : 'zh';
  const main = col.bilingual ? text(row[`${col.key}_${lang}`]) || text(row[`${col.key}_${other}`]) : text(row[col.key]);
  const extra = col.with ? text(row[col.with]) : '';
  return extra && extra !== main ? `${main} / ${extra}` : main;
}

/** A field's name as a reader sees it: its declared label in `lang` (an enum's number by its enum's), else the name itself. */
export function fieldLabel(res: ResourceDef, name: string, lang: 'zh' | 'en'): string {
  const def = res.fields[name] ?? Object.values(res.fields).find((d) => d.numField === name);
  return def?.label[lang] ?? name;
}
