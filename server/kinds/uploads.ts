import { isUpload } from '../../common/fields.ts';
import { fileBucket as bucketOf, recordFileUrl } from '../../common/kinds/index.ts';
import { FieldError } from '../errors.ts';
import { mediaKeyOf, resolveImageField } from '../services/media.ts';
import { extensionOf, safeFileName, uploadLimits } from '../storage/storage.ts';
import type { FieldWrite, ServerKind } from './kind.ts';

// Fields a write may carry a file for. An image: an upload is processed and stored in the media bucket, and
// its column keeps the picture's address (NULL when none); the picture leaves with the record. A file: its
// column keeps the name it is served by (the uploaded name, made safe and unique among the record's files),
// `{name}_key` the stored file's key (never answered); a new version is a new key, the old one leaving after
// the write commits unless a version or the trash still keeps it.

export const image: ServerKind = {
  async write({ name, def, input, current, changes }) {
    const url = await resolveImageField(changes, name, def, input[name], (current?.[name] as string | null) ?? null);
    return url === undefined ? {} : { [name]: url };
  },
  files(name, _def, row) {
    const key = mediaKeyOf(typeof row[name] === 'string' ? (row[name] as string) : null);
    return key ? [{ bucket: 'media', key }] : [];
  },
  detail: ({ key, label, value }) => ({ key, label, image: String(value) }),
  uploadLimit: uploadLimits.image,
};

const keyOf = (name: string) => `${name}_key`;

/** The names the record's other files have after this write: their address names them, so no two may share one. */
function namesTaken({ name, fields, input, current, values }: FieldWrite): Set<string> {
  const taken = new Set<string>();
  for (const [other, def] of Object.entries(fields)) {
    if (other === name || def.kind !== 'file') continue;
    const kept = !(other in input) || input[other] === current?.[other];
    const shown = other in values ? values[other] : kept ? current?.[other] : undefined;
    if (typeof shown === 'string' && shown !== '') taken.add(shown);
  }
  return taken;
}

export const file: ServerKind = {
  // a new file replaces the present one, the present name keeps it, empty removes it
  async write(w) {
    const { ctx, name, def, input, current, changes } = w;
    const value = input[name];
    const bucket = bucketOf(def);
    const present = current?.[keyOf(name)];
    if (isUpload(value)) {
      let shown = safeFileName(value.filename, name);
      if (namesTaken(w).has(shown)) shown = safeFileName(`${name}-${shown}`);
      const key = await ctx.storage.adopt(bucket, value, extensionOf(shown));
      changes.added.push({ bucket, key });
      if (typeof present === 'string') changes.removed.push({ bucket, key: present });
      return { [name]: shown, [keyOf(name)]: key };
    }
    if (value === '') {
      if (typeof present === 'string') changes.removed.push({ bucket, key: present });
      return { [name]: '', [keyOf(name)]: null };
    }
    if (typeof value === 'string' && value === (current?.[name] ?? '')) return {};
    throw FieldError.one(name, 'bad_file_name');
  },
  restore({ name, version, current, changes, def }) {
    const present = current[keyOf(name)];
    if (typeof present === 'string' && present !== version[keyOf(name)]) changes.removed.push({ bucket: bucketOf(def), key: present });
    return { [name]: version[name], [keyOf(name)]: version[keyOf(name)] ?? null };
  },
  files(name, def, row) {
    const key = row[keyOf(name)];
    return typeof key === 'string' && key !== '' ? [{ bucket: bucketOf(def), key }] : [];
  },
  answer({ name, resource, id, row, wire }) {
    delete wire[keyOf(name)];
    const shown = row[name];
    wire[`${name}_url`] = typeof shown === 'string' && shown !== '' && id != null ? recordFileUrl(resource, String(id), shown) : '';
  },
  detail: ({ key, label, value }) => ({ key, label, text: String(value) }),
  uploadLimit: uploadLimits.publication,
};
