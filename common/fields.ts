import { z } from 'zod';
import type { EnumEntry } from './enums.ts';
import { bareDoi } from './doi.ts';
import { normalizeInstant } from './instant.ts';
import { bareDblp, bareOpenAlex, bareOrcid, isOrcid } from './scholar-ids.ts';
import type { MessageKey } from './messages.ts';
import { isUpload, type Upload } from './upload.ts';

export { isUpload, Upload } from './upload.ts';

// Field kinds a resource is declared with. Each kind knows how a value travels on the wire
// (multipart strings or JSON values), how it is validated and how it is stored.
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
  | 'image' // uploaded image; the column keeps its URL
  | 'file' // publication file slot; the column keeps the original name
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
  /** Images: smallest accepted size and the crop the console applies. */
  readonly image?: { readonly minWidth: number; readonly minHeight: number; readonly crop?: readonly [number, number] };
  /**
   * How the console edits the field where its kind alone does not say: long text as markdown (with a
   * preview) or HTML, a number as a year, a month or one of `choices`, a list as the member each author of
   * the record's `author` list is, a list of people (`people`: members chosen by name, others typed; format
   * `person_ref`), a publish time as one control with the record's release switch (Draft /
   * Publish now / Schedule at; common/resources/flags.ts), a venue rank correction chosen from the rank lists
   * (`venue`, issue #29) or typed. The server's checks follow the kind.
   */
  readonly widget?: 'markdown' | 'html' | 'year' | 'month' | 'choice' | 'author-members' | 'publishing' | 'people' | 'venue';
  /** For widget 'choice': the numbers offered and their labels. */
  readonly choices?: readonly { readonly num: number; readonly zh: string; readonly en: string }[];
  /** For widget 'markdown': the editor's height in pixels (400 unless said). */
  readonly editorHeight?: number;
  /** For text: a format it must have when not empty (a DOI, issue #14); for a list, each of its items. */
  readonly format?: TextFormat;
  /** For booleans: how the console's list names each state (published / unpublished). */
  readonly states?: { readonly on: Label; readonly off: Label };
  /** For booleans the console switches from the list: the two actions and their confirmations. */
  readonly toggle?: Toggle;
  /** Kept as NULL when empty, so reads answer null for it (a unique column many records leave empty). */
  readonly nullable?: boolean;
  /**
   * For int: the id of a record of the declared resource of this name (a related publication, issue #27);
   * for a list of format `record_id`, the ids of several (a project's acknowledging publications). The server
   * refuses an id that names none; a public page links to each record's page, and that record's page names
   * what refers to it (server/public/declared.ts, `publicRecordsReferring`).
   */
  readonly refers?: string;
  /** For a field that `refers`: how the referred record's page heads the records naming it here ("Funded by"); the resource's menu label unless given. */
  readonly referredAs?: Label;
};

/** Switching a boolean from the console's list: `on` sets it (publish), `off` clears it (unpublish). */
export type Toggle = { readonly on: Label; readonly off: Label; readonly confirmOn: Label; readonly confirmOff: Label };

export type FieldMap = Readonly<Record<string, FieldDef>>;

/** Formats a text field may require: each a pattern, its message and an example that has it. */
export const textFormats = {
  // a DOI as Crossref and DataCite assign them: 10., a registrant code, a slash, a suffix of Crossref's
  // recommended characters plus those of older DOIs (< > [ ] # + &); never a space, quote, brace or
  // backslash, which would let it out of a BibTeX field or an attribute (issue #25, point 5; decisions.md)
  // written with a resolver or doi: prefix, it is stored bare (common/doi.ts; issue #26, point 1)
  doi: { pattern: /^10\.\d{4,9}\/[-._;()/:a-zA-Z0-9<>[\]#+&]+$/, message: 'invalid_doi', example: '10.1145/3589334.3645413', normalize: bareDoi },
  // which member an author is (common/authors.ts): a person's id, "none" or "auto" (by name)
  member_link: { pattern: /^(?:[1-9]\d{0,9}|none|auto)$/, message: 'invalid_member_link', example: 'auto' },
  // a people field's item (common/person-refs.ts; issue #27): a member by id (pid:12) or username (@liqinghe), or the name of someone outside the lab
  // (`counter`: an item the format refuses, where a test's usual one, "not one", is a name it accepts)
  person_ref: {
    pattern: /^(?:pid:[1-9]\d{0,9}|@[A-Za-z0-9_.-]{1,64}|(?!pid:|@)\S.*)$/,
    message: 'invalid_person_ref',
    example: 'Wang Fang',
    counter: 'pid:0',
  },
  // an item of a list that `refers` to records of another resource: a record's id (issue #27)
  record_id: { pattern: /^[1-9]\d{0,9}$/, message: 'invalid_record_id', example: '1', counter: '0' },
  // a name's parts as the BibTeX parser read them, a JSON object (common/authors.ts NameParts; issue #26)
  name_parts: {
    pattern: /^\{(?:"(?:family|given|particle|suffix|literal)":"(?:[^"\\]|\\.)*",?)+\}$/,
    message: 'invalid_name_parts',
    example: '{"family":"Berg","given":"Jan","particle":"van der"}',
  },
  // a member's ids at the scholarly indexes (issue #29, point 1; common/scholar-ids.ts): pasted as their
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
export type TextFormat = keyof typeof textFormats;

const TEXT_MAX = 300;
const LONGTEXT_MAX = 200_000;
const IMAGE_URL_MAX = 300;
const FILE_NAME_MAX = 255;

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
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

const msg = (key: MessageKey) => ({ error: key });

/** An uploaded file: only the multipart layer makes one (common/upload.ts). */
const uploadSchema = z.custom<Upload>(isUpload, msg('file_expected'));

const noFile = z.custom<unknown>((v) => !isUpload(v), msg('unexpected_file'));

function textOf(max: number, trim: boolean) {
  const base = z.union([z.string(), z.number().transform(String)], msg('invalid_string'));
  return noFile
    .pipe(base)
    .transform((s) => (trim ? s.trim() : s))
    .pipe(z.string().max(max, msg('too_long')));
}

const boolSchema = noFile.pipe(z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1')], msg('invalid_bool')));

function intSchema(min: number, max: number) {
  return noFile.pipe(
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d{1,12}$/, msg('invalid_number'))
            .transform(Number),
        ],
        msg('invalid_number'),
      )
      .pipe(
        z
          .number()
          .int(msg('invalid_number'))
          // one check with both bounds, so the message can name them both
          .refine((n) => n >= min && n <= max, { error: 'out_of_range', params: { min, max } }),
      ),
  );
}

const listSchema = (max: number) =>
  noFile.pipe(
    z.union(
      [
        z.array(z.string().max(TEXT_MAX, msg('too_long'))).max(max, msg('too_long')),
        z.string().transform((s, ctx) => {
          if (s.trim() === '') return [];
          try {
            const v: unknown = JSON.parse(s);
            if (Array.isArray(v) && v.length <= max && v.every((x) => typeof x === 'string' && x.length <= TEXT_MAX)) {
              return (v as string[]).map((x) => x.trim()).filter(Boolean);
            }
          } catch {
            /* fall through */
          }
          ctx.addIssue({ code: 'custom', message: 'invalid_list' });
          return z.NEVER;
        }),
      ],
      msg('invalid_list'),
    ),
  );

/**
 * The zod schema of one field's value as a write sends it. An empty string means "clear";
 * whether a required field may be absent or empty is decided by the resource's input schema.
 */
export function fieldSchema(def: FieldDef): z.ZodType {
  switch (def.kind) {
    case 'text': {
      const format = def.format ? textFormats[def.format] : undefined;
      if (!format) return textOf(def.max ?? TEXT_MAX, true);
      const normalize = 'normalize' in format ? format.normalize : (s: string) => s;
      return textOf(def.max ?? TEXT_MAX, true)
        .transform(normalize)
        .refine((s) => s === '' || (format.pattern.test(s) && (!('check' in format) || format.check(s))), msg(format.message));
    }
    case 'longtext':
      return textOf(def.max ?? LONGTEXT_MAX, false);
    case 'url':
      return textOf(def.max ?? 2000, true).refine((s) => s === '' || isSafeUrl(s), msg('invalid_url'));
    case 'email':
      return textOf(254, true).refine((s) => s === '' || z.email().safeParse(s).success, msg('invalid_email'));
    case 'date':
      return textOf(10, true).refine((s) => s === '' || isRealDate(s), msg('invalid_date'));
    case 'time':
      return textOf(5, true).refine((s) => s === '' || TIME_RE.test(s), msg('invalid_time'));
    case 'instant':
      return textOf(40, true).transform((s, ctx) => {
        if (s === '') return s;
        const stored = normalizeInstant(s);
        if (stored === null) {
          ctx.addIssue({ code: 'custom', message: 'invalid_instant' });
          return z.NEVER;
        }
        return stored;
      });
    case 'bool':
      return boolSchema;
    case 'int':
      // sent empty, an optional number is cleared (stored as NULL)
      return z.union([z.literal(''), intSchema(def.min ?? 0, def.max ?? 1_000_000_000)], msg('invalid_number'));
    case 'enum': {
      const values = (def.options ?? []).map((o) => o.value);
      return textOf(TEXT_MAX, true).refine((s) => values.includes(s), {
        error: 'invalid_enum',
        params: { options: values.join(', ') },
      });
    }
    case 'list': {
      const format = def.format ? textFormats[def.format] : undefined;
      const list = listSchema(def.max ?? 100);
      return format ? list.refine((items) => items.every((x) => format.pattern.test(x)), msg(format.message)) : list;
    }
    case 'password':
      return textOf(def.max ?? 128, false);
    case 'image':
    case 'file':
      // a new file, or a text value (the current name/URL to keep it, empty to free it); the text
      // is at most what its column holds (image URLs 300, file names 255)
      return z.union([uploadSchema, z.string().max(def.max ?? (def.kind === 'image' ? IMAGE_URL_MAX : FILE_NAME_MAX), msg('too_long'))]);
  }
}

/** A JSON Schema fragment, as the API documentation (OpenAPI) shows a value. */
export type JsonDoc = { readonly [key: string]: unknown };

const integerText = { type: 'string', pattern: '^-?\\d+$' } as const;

/**
 * How a field's value may be sent, for the API documentation: its kind's own type, or the text a
 * multipart part carries for it (DESIGN "Multipart text fields"). The checks themselves are fieldSchema's.
 */
export function wireInputDoc(def: FieldDef): JsonDoc {
  const description = `${def.label.en} (${def.kind}${def.required ? ', required' : ''})`;
  const text = (extra: JsonDoc = {}) => ({ type: 'string', ...extra, description });
  switch (def.kind) {
    case 'text':
    case 'password':
      return text({ maxLength: def.max ?? (def.kind === 'text' ? TEXT_MAX : 128) });
    case 'longtext':
      return text({ maxLength: def.max ?? LONGTEXT_MAX });
    case 'url':
      return text({ format: 'uri-reference' });
    case 'email':
      return text({ format: 'email' });
    case 'date':
      return text({ format: 'date' });
    case 'time':
      return text({ pattern: '^\\d{2}:\\d{2}$' });
    case 'instant':
      return text({ format: 'date-time' });
    case 'enum':
      return text({ enum: (def.options ?? []).map((o) => o.value) });
    case 'bool':
      return { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0'] }], description };
    case 'int':
      return {
        anyOf: [{ type: 'integer', minimum: def.min ?? 0, maximum: def.max ?? 1_000_000_000 }, integerText, { type: 'string', enum: [''] }],
        description,
      };
    case 'list':
      return {
        anyOf: [
          { type: 'array', items: { type: 'string' }, maxItems: def.max ?? 100 },
          { type: 'string', description: 'a JSON array' },
        ],
        description,
      };
    case 'image':
    case 'file':
      return {
        anyOf: [
          { type: 'string', format: 'binary' },
          { type: 'string', description: 'the current value to keep it, empty to remove it' },
        ],
        description,
      };
  }
}

/** The wire doc of an enum's numeric twin (type_num, area_num). */
export function numFieldDoc(def: FieldDef): JsonDoc {
  return { anyOf: [{ type: 'integer' }, integerText], description: `${def.label.en} number` };
}

/** Whether a parsed value counts as "given" for a required field. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}
