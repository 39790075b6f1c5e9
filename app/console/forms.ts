import type { Lang } from '../../common/enums.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { colon } from '../../common/lang.ts';
import { zodFieldErrors } from '../../common/messages.ts';
import { fieldLabel, inputSchema, type ResourceDef } from '../../common/resource.ts';
import { RELEASE } from '../../common/resources/flags.ts';
import { Upload } from '../../common/upload.ts';
import { useT } from '../i18n/index.tsx';
import type { Body } from './api.ts';
import type { Row } from './columns.tsx';
import { useNotify } from './ui.tsx';

// From a console form to a request: the body it sends, and the check with the server's own schema that
// runs before anything is sent (every editor: the generic one, profile, site settings, info pages).

/** Whether the fields hold a publish time edited with its release switch (the `publishing` widget). */
const publishing = (res: ResourceDef, fields: readonly string[]) => fields.some((f) => res.fields[f]?.widget === 'publishing') && RELEASE in res.fields;

/** The fields an editor shows: a release switch is part of the publishing control, when that is shown. */
export function editorFields(res: ResourceDef, fields: readonly string[]): readonly string[] {
  return publishing(res, fields) ? fields.filter((f) => f !== RELEASE) : fields;
}

/** The fields the editor draws for these values: its fields, less those `editorWhen` hides for them. */
export function drawnFields(res: ResourceDef, shown: readonly string[], values: Row): readonly string[] {
  const when = res.console?.editorWhen;
  if (!when) return shown;
  const value = String(values[when.field] ?? res.fields[when.field]?.default ?? '');
  return shown.filter((name) => when.show[name]?.includes(value) ?? true);
}

/** Turns editor values into a multipart body: files as files, lists as arrays, nothing for empty passwords. */
export function bodyOf(res: ResourceDef, values: Row, shown: readonly string[]): Body {
  const body: Body = {};
  // the publishing control sets the release switch with the publish time: both are sent
  const fields = publishing(res, shown) && !shown.includes(RELEASE) ? [...shown, RELEASE] : shown;
  for (const name of fields) {
    const def = res.fields[name];
    if (!def) continue;
    const v = values[name];
    // a secret left empty is not sent: it keeps the stored one (a password)
    if (kindOf(def).secret && !v) continue;
    if (v === undefined) continue;
    if (v instanceof File || Array.isArray(v) || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') body[name] = v as Body[string];
    else if (v === null) body[name] = '';
  }
  return body;
}

/** Checks editor values with the server's schema; files stand in as uploads. Field → its messages, joined. */
export function validate(res: ResourceDef, mode: 'create' | 'update', body: Body, lang: Lang): Record<string, string> {
  const probe: Row = {};
  for (const [k, v] of Object.entries(body)) probe[k] = v instanceof File ? new Upload({ tmpPath: '', filename: v.name, size: v.size, mimetype: v.type }) : v;
  const result = inputSchema(res, mode).safeParse(probe);
  if (result.success) return {};
  const errors = zodFieldErrors(lang, result.error.issues);
  return Object.fromEntries(Object.entries(errors).map(([k, ms]) => [k, ms.join('; ')]));
}

/**
 * `check(res, mode, body)`: the problems of a body (field → message), shown as red lines "label: message"
 * under an optional heading when there are any. An empty answer means the body may be sent.
 */
export function useCheck() {
  const { lang } = useT();
  const notify = useNotify();
  return (res: ResourceDef, mode: 'create' | 'update', body: Body, how: { heading?: string; name?: (field: string) => string } = {}) => {
    const problems = validate(res, mode, body, lang);
    // each field by its declared label in the reader's language, unless the screen names it
    const lines = Object.entries(problems).map(([field, message]) => `${how.name?.(field) ?? fieldLabel(res, field, lang)}${colon(lang)}${message}`);
    if (lines.length > 0) notify.lines(how.heading ? [how.heading, ...lines] : lines);
    return problems;
  };
}
