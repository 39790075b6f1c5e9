import type { EnumEntry } from './enums.ts';
import { bareDoi } from './doi.ts';
import { bareDblp, bareOpenAlex, bareOrcid, isOrcid } from './scholar-ids.ts';
import type { MessageKey } from './messages.ts';

export { isUpload, Upload } from './upload.ts';

// How a resource's fields are declared. What each kind does (its checks, its wire and stored forms, its text)
// is its module's: common/kinds/ here, server/kinds/ and app/console/kinds/ on each side.
export type FieldKind =
  | 'text' // one line, trimmed
  | 'longtext' // markdown or HTML, stored exactly as sent
  | 'url' // http(s):// or site-relative
  | 'email'
  | 'date' // YYYY-MM-DD
  | 'time' // HH:MM, 24 h
  | 'instant' // a moment, ISO 8601 with its offset; kept as UTC text (common/instant.ts), NULL when empty
  | 'bool'
  | 'int'
  | 'enum' // the English label; its *_num travels beside it
  | 'list' // JSON array of strings
  | 'people' // a list of people: members by id (pid:12) or username, others by name (common/person-refs.ts)
  | 'image' // uploaded image; the column keeps its URL
  | 'file' // uploaded file; the column keeps the original name, `{name}_key` the stored file's key
  | 'password'; // never stored or returned as sent

export type Label = { readonly zh: string; readonly en: string };

export type FieldDef = {
  readonly kind: FieldKind;
  readonly label: Label;
  readonly required?: boolean;
  /** Longest accepted text (characters) or list (items). */
  readonly max?: number;
  readonly min?: number;
  readonly options?: readonly EnumEntry[];
  /** For enums: the name of the numeric twin field (type_num, area_num). */
  readonly numField?: string;
  readonly default?: string | number | boolean | readonly string[] | (() => string);
  /**
   * Files: the bucket they are stored in, where not the one every declared file goes to (`file`): publications'
   * files were kept in a bucket of their own before any resource could have files, and stay there.
   */
  readonly bucket?: 'publication';
  /** Images: smallest accepted size and the crop the console applies. */
  readonly image?: { readonly minWidth: number; readonly minHeight: number; readonly crop?: readonly [number, number] };
  /**
   * How the console edits the field where its kind alone does not say: long text as markdown (with a
   * preview) or HTML, a number as a year (from `min` to `max`), a month or one of `choices`, a list as the
   * member each author of the record's `author` list is or as names (typed text split into names as
   * app/console/kinds/list-items.ts reads them, the lab's members suggested), a publish time as one control
   * with the record's release switch (Draft / Publish now / Schedule at; common/resources/flags.ts), a venue
   * rank correction chosen from the rank lists (`venue`) or typed, citation styles chosen and ordered (`cite-styles`).
   * The server's checks follow the kind.
   */
  readonly widget?: 'markdown' | 'html' | 'year' | 'month' | 'choice' | 'author-members' | 'names' | 'publishing' | 'venue' | 'cite-styles';
  /** For widget 'choice': the numbers offered and their labels. */
  readonly choices?: readonly { readonly num: number; readonly zh: string; readonly en: string }[];
  /** For widget 'markdown': the editor's height in pixels (400 unless said). */
  readonly editorHeight?: number;
  /** For text: a format it must have when not empty (a DOI); for a list, each of its items. */
  readonly format?: TextFormat;
  /** For booleans: how the console's list names each state (published / unpublished). */
  readonly states?: { readonly on: Label; readonly off: Label };
  /** For booleans the console switches from the list: the two actions and their confirmations. */
  readonly toggle?: Toggle;
  /** Kept as NULL when empty, so reads answer null for it (a unique column many records leave empty). */
  readonly nullable?: boolean;
  /**
   * For int: the id of a record of the declared resource of this name (a related publication);
   * for a list of format `record_id`, the ids of several (a project's acknowledging publications). The server
   * refuses an id that names none; a public page links to each record's page, and that record's page names
   * what refers to it (server/public/declared.ts, `publicRecordsReferring`).
   */
  readonly refers?: string;
  /** For a field that `refers`: how the referred record's page heads the records naming it here ("Funded by"); the resource's menu label unless given. */
  readonly referredAs?: Label;
};

/** Switching a boolean from the console's list: `on` sets it (publish), `off` clears it (unpublish). */
type Toggle = { readonly on: Label; readonly off: Label; readonly confirmOn: Label; readonly confirmOff: Label };

export type FieldMap = Readonly<Record<string, FieldDef>>;

/**
 * The years a year field (`widget: 'year'`) accepts, as its declaration's `min` and `max`: the server checks
 * them and the console offers them, end years of running grants included.
 */
export const YEARS = { min: 1950, max: 2100 } as const;

/** Formats a text field may require: each a pattern, its message and an example that has it. */
export const textFormats = {
  // a DOI as Crossref and DataCite assign them: 10., a registrant code, a slash, a suffix of Crossref's
  // recommended characters plus those of older DOIs (< > [ ] # + &); never a space, quote, brace or
  // backslash, which would let it out of a BibTeX field or an attribute (docs/decisions/022-security-second-round.md)
  // written with a resolver or doi: prefix, it is stored bare (common/doi.ts)
  doi: { pattern: /^10\.\d{4,9}\/[-._;()/:a-zA-Z0-9<>[\]#+&]+$/, message: 'invalid_doi', example: '10.1145/3589334.3645413', normalize: bareDoi },
  // which member an author is (common/authors.ts): a person's id, "none" or "auto" (by name)
  member_link: { pattern: /^(?:[1-9]\d{0,9}|none|auto)$/, message: 'invalid_member_link', example: 'auto' },
  // a people field's item (common/person-refs.ts): a member by id (pid:12) or username (@liqinghe), or the name of someone outside the lab
  // (`counter`: an item the format refuses, where a test's usual one, "not one", is a name it accepts)
  person_ref: {
    pattern: /^(?:pid:[1-9]\d{0,9}|@[A-Za-z0-9_.-]{1,64}|(?!pid:|@)\S.*)$/,
    message: 'invalid_person_ref',
    example: 'Wang Fang',
    counter: 'pid:0',
  },
  // citation styles' ids, comma-separated, in the order offered (server/services/csl/styles.ts)
  style_list: { pattern: /^[a-z0-9][a-z0-9-]{0,99}(?:,[a-z0-9][a-z0-9-]{0,99})*$/, message: 'invalid_style_list', example: 'gb-t-7714-2015,apa' },
  // an item of a list that `refers` to records of another resource: a record's id
  record_id: { pattern: /^[1-9]\d{0,9}$/, message: 'invalid_record_id', example: '1', counter: '0' },
  // a name's parts as the BibTeX parser read them, a JSON object (common/authors.ts NameParts)
  name_parts: {
    pattern: /^\{(?:"(?:family|given|particle|suffix|literal)":"(?:[^"\\]|\\.)*",?)+\}$/,
    message: 'invalid_name_parts',
    example: '{"family":"Berg","given":"Jan","particle":"van der"}',
  },
  // a member's ids at the scholarly indexes (common/scholar-ids.ts): pasted as their
  // profiles' addresses they are stored bare; an ORCID iD's last character is a checksum, checked too
  orcid: {
    pattern: /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/,
    message: 'invalid_orcid',
    example: '0000-0002-1825-0097',
    normalize: bareOrcid,
    check: isOrcid,
    counter: '0000-0002-1825-0098',
  },
  dblp_pid: { pattern: /^[a-z0-9]{1,4}\/[A-Za-z0-9_=]{1,64}(?:-\d{1,3})?$/, message: 'invalid_dblp_pid', example: '74/5442', normalize: bareDblp },
  openalex_author: { pattern: /^A[1-9]\d{3,11}$/, message: 'invalid_openalex_author', example: 'A5023888391', normalize: bareOpenAlex },
} as const satisfies Record<
  string,
  { pattern: RegExp; message: MessageKey; example: string; normalize?: (s: string) => string; check?: (s: string) => boolean; counter?: string }
>;
type TextFormat = keyof typeof textFormats;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isRealDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Accepts http(s):// and site-relative links (not protocol-relative "//host"). */
export function isSafeUrl(s: string): boolean {
  if (s.startsWith('/')) return !s.startsWith('//') && !s.startsWith('/\\');
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !/[\s<>"]/.test(s);
  } catch {
    return false;
  }
}

/** Whether a parsed value counts as "given" for a required field. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}
