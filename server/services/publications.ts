import { sql } from 'kysely';
import { isUpload } from '../../common/fields.ts';
import { publication, publicationFileSlots } from '../../common/resources/publication.ts';
import { extensionOf, safeFileName } from '../storage/storage.ts';
import { type Ctx, isCreatorOrAdmin } from './context.ts';
import { createCrud } from './crud.ts';
import { asWire } from './wire.ts';
import { authorKey } from '../../common/authors.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { FieldError } from '../errors.ts';

// Publications: the generic service plus the three file slots of SPEC §4 (a file replaces the slot,
// the current name keeps it, empty frees it, absent keeps it). Files are public at
// /resource/public/publication/{pid}/{file}, where {file} is the sanitized original name.

export const publicationFileUrl = (pid: number, name: string) => `/resource/public/publication/${pid}/${encodeURIComponent(name)}`;

export const publications = createCrud(publication, {
  hidden: ['created_by', 'file1_key', 'file2_key', 'file3_key'],
  publicTopic: 'publication',
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
      if (current?.[slot] && !(slot in input)) taken.set(current[slot], slot);
    }
    for (const slot of publicationFileSlots) {
      if (!(slot in input)) continue;
      const value = input[slot];
      const currentName = current?.[slot] ?? '';
      const currentKey = current?.[`${slot}_key`];
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
    const key = row[`${slot}_key`];
    if (row[slot] === name && key) return { key, name };
  }
  return undefined;
}

/**
 * The publications naming any of `names` among their authors (issue #14: a member's papers), newest
 * first. The stored author list is JSON text: the database narrows by every word of a name, case ignored
 * on both databases (a list may space a name otherwise), and the list itself decides.
 */
export async function publicationsBy(ctx: Ctx, names: readonly string[]): Promise<PublicPublication[]> {
  const wanted = new Set(names.map(authorKey).filter(Boolean));
  if (wanted.size === 0) return [];
  // a word as text, never a pattern: LIKE's wildcards and the escape character (!) are escaped
  const containing = (word: string) => sql`${`%${word.replace(/[!%_]/g, '!$&')}%`} escape '!'`;
  const found = await publications.list(ctx, {
    where: (q) => q.where((eb) => eb.or([...wanted].map((n) => eb.and(n.split(' ').map((word) => eb(sql`lower(author)`, 'like', containing(word))))))),
  });
  return asWire<PublicPublication[]>(found).filter((p) => p.author.some((a) => wanted.has(authorKey(a))));
}
