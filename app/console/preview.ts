import type { Lang } from '../../common/enums.ts';
import { paths } from '../../common/paths.ts';
import type { ResourceDef } from '../../common/resource.ts';
import type { Body } from './api.ts';
import { at } from '../lib/base.ts';

// Previews of a record's public page, from the console's list (the saved record) and its editor
// (the unsaved edits). Both open in a new tab; the server checks the member and where the request came from
// (server/pages/preview.ts).

/** The address of a saved record's preview in `lang`. */
export const savedPreview = (res: ResourceDef, id: number, lang: Lang) => paths.preview(res.name, id, lang);

/**
 * Opens the preview of the editor's unsaved fields in a new tab: a form POSTed there, so the edits never sit
 * in an address (history, logs) and the request carries this site's Origin. A chosen picture is not sent:
 * it shows once saved.
 */
export function openPreview(res: ResourceDef, id: number, body: Body, lang: Lang): void {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (!(value instanceof Blob)) record[name] = value;
  const form = document.createElement('form');
  form.method = 'post';
  form.enctype = 'multipart/form-data';
  form.target = '_blank';
  form.action = at(paths.preview(res.name, id === -1 ? 'new' : id, lang));
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'record';
  field.value = JSON.stringify(record);
  form.append(field);
  document.body.append(form);
  form.submit();
  form.remove();
}
