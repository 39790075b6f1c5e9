import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from '../../common/upload.ts';
import { article, publication } from '../../common/resources/index.ts';
import { actorByUsername } from '../../server/services/auth.ts';
import type { Ctx } from '../../server/services/context.ts';
import { createCrud } from '../../server/services/crud.ts';
import { articles } from '../../server/services/content.ts';
import { uploadData } from '../../server/services/files.ts';
import { publications } from '../../server/services/publications.ts';
import type { TableName } from '../../server/db/schema.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { png } from '../fixtures/images.ts';
import { bucketFiles } from '../fixtures/world.ts';
import type { Bucket } from '../../server/storage/storage.ts';

// Writes are atomic: a write and its hooks, media rows and file changes commit
// together or not at all, and files are committed after the database: a failing hook leaves no row,
// no media row and no stored file behind, and a failed delete still has its files.

describe.each(dialects)('atomic writes on %s', (dialect) => {
  let t: TestApp;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await makeApp(dialect);
    const actor = await actorByUsername(t.app.lab.db, 'admin');
    ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor, lang: 'en' };
  });
  afterAll(() => t.close());

  const count = async (table: TableName) =>
    Number(
      (
        await t.app.lab.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const bucket = (name: Bucket) => bucketFiles(t.app, name);
  const boom = () => {
    throw new Error('a hook failed');
  };

  it('a create whose afterWrite fails leaves no row, no media row and no image in its bucket', async () => {
    const failing = createCrud(article, { ...articles.hooks, afterWrite: boom });
    const [rows, media, files] = [await count('article'), await count('media'), await bucket('media')];
    const cover = await ctx.storage.stage(await png(800, 450), 'cover.png', 'image/png');
    await expect(failing.create(ctx, { title: 'Never', abstract: 'Never', type: 'lab hot topic', markdown: 'x', image_url: cover })).rejects.toThrow(
      'a hook failed',
    );
    expect(await count('article')).toBe(rows);
    expect(await count('media')).toBe(media);
    expect(await bucket('media')).toEqual(files);
  });

  it('an update whose afterWrite fails keeps the row, its image and the image’s row as they were', async () => {
    const plain = articles;
    const cover = await ctx.storage.stage(await png(800, 450), 'cover.png', 'image/png');
    const aid = await plain.create(ctx, { title: 'Kept', abstract: 'Kept', type: 'lab hot topic', markdown: 'x', image_url: cover });
    const before = await plain.get(ctx, aid);
    const [media, files] = [await count('media'), await bucket('media')];
    const failing = createCrud(article, { ...articles.hooks, afterWrite: boom });
    const next = await ctx.storage.stage(await png(800, 450), 'next.png', 'image/png');
    await expect(failing.update(ctx, aid, { title: 'Changed', image_url: next })).rejects.toThrow('a hook failed');
    expect(await plain.get(ctx, aid)).toEqual(before);
    expect(await count('media')).toBe(media);
    expect(await bucket('media')).toEqual(files);
  });

  it('a delete that fails after its row is gone keeps the row and every file', async () => {
    const pdf = await ctx.storage.stage(Buffer.from('%PDF kept'), 'kept.pdf', 'application/pdf');
    const pid = await publications.create(ctx, { title: 'Kept paper', author: '["A"]', source: 'ACL', file1: pdf });
    const files = await bucket('publication');
    const failing = createCrud(publication, {
      ...publications.hooks,
      async afterDelete(c, current, changes) {
        await publications.hooks.afterDelete?.(c, current, changes);
        boom();
      },
    });
    await expect(failing.remove(ctx, pid)).rejects.toThrow('a hook failed');
    expect((await publications.get(ctx, pid)).title).toBe('Kept paper');
    expect(await bucket('publication')).toEqual(files);
  });

  it('an upload of several data files stores all of them or none', async () => {
    const [rows, files] = [await count('data_file'), await bucket('data')];
    const good = await ctx.storage.stage(Buffer.from('first file'), 'first.txt', 'text/plain');
    // the second part's temporary file is gone (a client that went away): the whole upload fails
    const lost = new Upload({ tmpPath: ctx.storage.tmpPath(), filename: 'second.txt', size: 3, mimetype: 'text/plain' });
    await expect(uploadData(ctx, 'public', [good, lost])).rejects.toThrow();
    expect(await count('data_file')).toBe(rows);
    expect(await bucket('data')).toEqual(files);
  });
});
