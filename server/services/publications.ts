import { isUpload } from '../../common/fields.ts';
import { publication, publicationFileSlots } from '../../common/resources/publication.ts';
import { extensionOf, safeFileName } from '../storage/storage.ts';
import { type Ctx, isCreatorOrAdmin } from './context.ts';
import { createCrud } from './crud.ts';
import { FieldError } from '../errors.ts';

// Publications: the generic service plus the three file slots of SPEC §4 (a file replaces the slot,
// the current name keeps it, empty frees it, absent keeps it). Files are public at
// /resource/public/publication/{pid}/{file}, where {file} is the sanitized original name.

export const publicationFileUrl = (pid: number, name: string) => `/resource/public/publication/${pid}/${encodeURIComponent(name)}`;

export const publications = createCrud(publication, {
  hidden: ['created_by', 'file1_key', 'file2_key', 'file3_key'],
  publicTopic: 'publication',
  derived: ['file1_url', 'file2_url', 'file3_url'],
  decorate(w) {
    const out = { ...w };
    for (const slot of publicationFileSlots) {
      const name = String(w[slot] ?? '');
      out[`${slot}_url`] = name ? publicationFileUrl(Number(w.pid), name) : '';
    }
    return out;
  },
  async prepare({ ctx, mode, input, values, current, changes }) {
    if (mode === 'create') values.created_by = ctx.actor?.pid ?? null;
    const taken = new Map<string, string>();
    for (const slot of publicationFileSlots) {
      if (current?.[slot] && !(slot in input)) taken.set(String(current[slot]), slot);
    }
    for (const slot of publicationFileSlots) {
      if (!(slot in input)) continue;
      const value = input[slot];
      const currentName = String(current?.[slot] ?? '');
      const currentKey = current?.[`${slot}_key`] as string | null | undefined;
      if (isUpload(value)) {
        let name = safeFileName(value.filename, slot);
        // two slots never share a name: the URL segment names the file
        if (taken.has(name)) name = safeFileName(`${slot}-${name}`);
        taken.set(name, slot);
        const key = await ctx.storage.adopt('publication', value, extensionOf(name));
        changes.added.push({ bucket: 'publication', key });
        if (currentKey) changes.removed.push({ bucket: 'publication', key: currentKey });
        values[slot] = name;
        values[`${slot}_key`] = key;
      } else if (value === '') {
        if (currentKey) changes.removed.push({ bucket: 'publication', key: currentKey });
        values[slot] = '';
        values[`${slot}_key`] = null;
      } else if (typeof value === 'string' && value === currentName) {
        taken.set(currentName, slot);
      } else {
        throw FieldError.one(slot, 'bad_file_name');
      }
    }
  },
  canDelete: isCreatorOrAdmin,
  afterDelete(_ctx, current, changes) {
    for (const slot of publicationFileSlots) {
      const key = current[`${slot}_key`];
      if (typeof key === 'string') changes.removed.push({ bucket: 'publication', key });
    }
  },
});

/** The stored file behind a public publication URL, or undefined. */
export async function publicationFile(ctx: Ctx, pid: number, name: string): Promise<{ key: string; name: string } | undefined> {
  if (!Number.isSafeInteger(pid)) return undefined;
  const row = await ctx.db.selectFrom('publication').selectAll().where('pid', '=', pid).executeTakeFirst();
  if (!row) return undefined;
  for (const slot of publicationFileSlots) {
    if (row[slot] === name && row[`${slot}_key`]) return { key: row[`${slot}_key`], name };
  }
  return undefined;
}
