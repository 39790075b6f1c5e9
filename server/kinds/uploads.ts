import { textDefault, textOrNull, text } from '../db/columns.ts';
import { mediaKeyOf, resolveImageField } from '../services/media.ts';
import { storedFiles } from '../storage/storage.ts';
import type { ServerKind } from './kind.ts';

// Fields a write may carry a file for. An image: an upload is processed and stored in the media bucket, and
// its column keeps the picture's address (NULL when none); the picture leaves with the record. A file: its
// column keeps the original name, `{name}_key` the stored file's key.

export const image: ServerKind = {
  columns: (name) => ({ [name]: textOrNull }),
  async write({ name, def, input, current, changes }) {
    const url = await resolveImageField(changes, name, def, input[name], (current?.[name] as string | null) ?? null);
    return url === undefined ? {} : { [name]: url };
  },
  files(value) {
    const key = mediaKeyOf(typeof value === 'string' ? value : null);
    return key ? [{ bucket: 'media', key }] : [];
  },
  detail: ({ key, label, value }) => ({ key, label, image: String(value) }),
};

export const file: ServerKind = {
  columns: (name, def) => ({ [name]: def.nullable ? textOrNull : def.required ? text : textDefault, [`${name}_key`]: textOrNull }),
  // stored by the resource's own service (a publication's file slots) until every resource's files are
  write: () => ({}),
  restore({ name, table, version, current, changes }) {
    const keyColumn = `${name}_key`;
    const present = current[keyColumn];
    const bucket = storedFiles.find((c) => c.table === table && c.column === keyColumn)?.bucket;
    if (typeof present === 'string' && present !== version[keyColumn] && typeof bucket === 'string') changes.removed.push({ bucket, key: present });
    return { [name]: version[name], [keyColumn]: version[keyColumn] ?? null };
  },
  detail: ({ key, label, value }) => ({ key, label, text: String(value) }),
};
