import { isUpload, type Upload } from '../../common/fields.ts';
import { ImageError, processImage } from '../images/images.ts';
import { makeVariants } from '../images/variants.ts';
import { extensionOf, safeFileName, uploadLimits } from '../storage/storage.ts';
import type { TableRow } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { nowIso } from './context.ts';
import type { FileChanges } from './media.ts';
import { writeWithFiles } from './transaction.ts';
import { logActivity } from './activity.ts';
import { FieldError, Forbidden, NotFound, Unauthenticated } from '../errors.ts';

// Shared data files, private data files and private images. Their URLs hold the random storage key
// (128 bits), so a link opened in a new tab works without a token and cannot be guessed.

const dataFileUrl = (key: string, name: string) => `/resource/data/${key}/${encodeURIComponent(name)}`;
const imageUrl = (key: string) => `/resource/image/${key}`;

function actorOf(ctx: Ctx) {
  if (!ctx.actor) throw new Unauthenticated();
  return ctx.actor;
}

/** The `files[0]`, `files[1]`, … parts of a multipart body, in order. */
export function filesOf(body: Record<string, unknown>): Upload[] {
  const out: [number, Upload][] = [];
  for (const [k, v] of Object.entries(body)) {
    const m = /^files(?:\[(\d+)\])?$/.exec(k);
    if (!m) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (!isUpload(item)) throw FieldError.one(k, 'file_expected');
      out.push([Number(m[1] ?? out.length), item]);
    }
  }
  if (out.length === 0) throw FieldError.one('files', 'file_expected');
  return out.sort((a, b) => a[0] - b[0]).map(([, u]) => u);
}

const dataWire = (r: TableRow<'data_file'>) => ({
  did: r.did,
  filename: r.filename,
  url: dataFileUrl(r.storage_key, r.filename),
  size: r.size,
  created_at: r.created_at,
  name_zh: r.name_zh,
  owner: r.owner,
  uid: r.uid,
  username: r.username,
});

export async function listData(ctx: Ctx, owner: string | undefined) {
  const actor = actorOf(ctx);
  const who = owner ?? 'public';
  if (who !== 'public' && who !== actor.username) throw new Forbidden();
  const rows = await ctx.db.selectFrom('data_file').selectAll().where('owner', '=', who).orderBy('created_at', 'desc').orderBy('did', 'desc').execute();
  return rows.map(dataWire);
}

/** Stores every uploaded file, or none: one transaction for their rows (server/services/transaction.ts). */
/** Whose folder an upload may go to: the shared one ("public") or one's own. The route asks as soon as the owner arrives. */
export function checkDataOwner(ctx: Ctx, owner: string): void {
  if (owner !== 'public' && owner !== actorOf(ctx).username) throw new Forbidden();
}

export async function uploadData(ctx: Ctx, owner: string, uploads: Upload[]): Promise<number[]> {
  const actor = actorOf(ctx);
  checkDataOwner(ctx, owner);
  return writeWithFiles(ctx, async (tx, changes) => {
    const ids: number[] = [];
    for (const u of uploads) {
      const filename = safeFileName(u.filename);
      const key = await ctx.storage.adopt('data', u, extensionOf(filename));
      changes.added.push({ bucket: 'data', key });
      const row = await tx.db
        .insertInto('data_file')
        .values({
          filename,
          storage_key: key,
          size: u.size,
          created_at: nowIso(),
          owner,
          person_pid: actor.pid,
          uid: actor.uid,
          username: actor.username,
          name_zh: actor.name_zh,
        })
        .returning('did')
        .executeTakeFirstOrThrow();
      ids.push(row.did);
      await logActivity(tx, { action: 'upload', resource: 'data_file', record: row.did, detail: [filename] });
    }
    return ids;
  });
}

export async function deleteData(ctx: Ctx, did: number): Promise<void> {
  const actor = actorOf(ctx);
  const row = await ctx.db.selectFrom('data_file').selectAll().where('did', '=', did).executeTakeFirst();
  if (!row) throw new NotFound();
  const mine = row.person_pid === actor.pid;
  const allowed = row.owner === 'public' ? mine || actor.authority === 'admin' : row.owner === actor.username;
  if (!allowed) throw new Forbidden();
  await writeWithFiles(ctx, async (tx, changes) => {
    await tx.db.deleteFrom('data_file').where('did', '=', did).execute();
    changes.removed.push({ bucket: 'data', key: row.storage_key });
    await logActivity(tx, { action: 'delete', resource: 'data_file', record: did, detail: [row.filename] });
  });
}

export async function dataFileByKey(ctx: Ctx, key: string) {
  return ctx.db.selectFrom('data_file').selectAll().where('storage_key', '=', key).executeTakeFirst();
}

export async function listImages(ctx: Ctx, username: string) {
  const actor = actorOf(ctx);
  if (username !== actor.username) throw new Forbidden();
  const rows = await ctx.db
    .selectFrom('image')
    .innerJoin('person', 'person.pid', 'image.person_pid')
    .select(['image.iid', 'image.filename', 'image.storage_key', 'image.size', 'image.created_at', 'person.username'])
    .where('image.person_pid', '=', actor.pid)
    .orderBy('image.iid', 'desc')
    .execute();
  return rows.map((r) => ({
    iid: r.iid,
    url: imageUrl(r.storage_key),
    filename: r.filename,
    size: r.size,
    username: r.username,
    created_at: r.created_at,
  }));
}

export async function uploadImages(ctx: Ctx, uploads: Upload[]): Promise<number[]> {
  const actor = actorOf(ctx);
  // every image is checked before any is kept, so a bad one in a batch changes nothing
  const processed: { u: Upload; img: Awaited<ReturnType<typeof processImage>> }[] = [];
  for (const [i, u] of uploads.entries()) {
    try {
      processed.push({ u, img: await processImage(await ctx.storage.readUpload(u, uploadLimits.image)) });
    } catch (e) {
      if (e instanceof ImageError) throw FieldError.one(`files[${i}]`, e.key, e.params);
      throw e;
    }
  }
  const stored: { key: string; width: number }[] = [];
  const ids = await writeWithFiles(ctx, async (tx, changes) => {
    const ids: number[] = [];
    for (const { u, img } of processed) {
      const base = safeFileName(u.filename, 'image').replace(/\.[^.]*$/, '');
      const key = await ctx.storage.write('image', img.data, img.ext);
      changes.added.push({ bucket: 'image', key });
      stored.push({ key, width: img.width });
      const row = await tx.db
        .insertInto('image')
        .values({
          filename: `${base}.${img.ext}`,
          storage_key: key,
          size: img.data.length,
          created_at: nowIso(),
          person_pid: actor.pid,
          width: img.width,
          height: img.height,
        })
        .returning('iid')
        .executeTakeFirstOrThrow();
      ids.push(row.iid);
      await logActivity(tx, { action: 'upload', resource: 'image', record: row.iid, detail: [`${base}.${img.ext}`] });
    }
    return ids;
  });
  // the sizes a body offers it in, made now in the background (server/pages/body-images.ts)
  void (async () => {
    for (const { key, width } of stored) await makeVariants(ctx.storage, 'image', key, width);
  })().catch(() => undefined);
  return ids;
}

export async function deleteImage(ctx: Ctx, iid: number): Promise<void> {
  const actor = actorOf(ctx);
  const row = await ctx.db.selectFrom('image').selectAll().where('iid', '=', iid).executeTakeFirst();
  if (!row) throw new NotFound();
  if (row.person_pid !== actor.pid) throw new Forbidden();
  await writeWithFiles(ctx, async (tx, changes) => {
    await tx.db.deleteFrom('image').where('iid', '=', iid).execute();
    await logActivity(tx, { action: 'delete', resource: 'image', record: iid, detail: [row.filename] });
    changes.removed.push({ bucket: 'image', key: row.storage_key });
  });
}

// Private files are kept by username (SPEC §6: owner is the username); they follow their person.

/** A renamed person keeps their private files, and their uploads show the new username. */
export async function renameFilesOwner(ctx: Ctx, pid: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  await ctx.db.updateTable('data_file').set({ owner: to }).where('owner', '=', from).execute();
  await ctx.db.updateTable('data_file').set({ username: to }).where('person_pid', '=', pid).execute();
}

/**
 * A deleted person's private files and images go with them; what they shared stays. Runs in the delete's
 * transaction; the files leave after it commits.
 */
export async function removePrivateFilesOf(ctx: Ctx, pid: number, username: string, changes: FileChanges): Promise<void> {
  const data = await ctx.db.selectFrom('data_file').select('storage_key').where('owner', '=', username).execute();
  const images = await ctx.db.selectFrom('image').select('storage_key').where('person_pid', '=', pid).execute();
  await ctx.db.deleteFrom('data_file').where('owner', '=', username).execute();
  await ctx.db.deleteFrom('image').where('person_pid', '=', pid).execute();
  for (const r of data) changes.removed.push({ bucket: 'data', key: r.storage_key });
  for (const r of images) changes.removed.push({ bucket: 'image', key: r.storage_key });
}
