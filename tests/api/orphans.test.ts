import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorByUsername } from '../../server/services/auth.ts';
import type { Ctx } from '../../server/services/context.ts';
import { uploadData } from '../../server/services/files.ts';
import { ORPHAN_GRACE_MS, sweepOrphans } from '../../server/storage/orphans.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';

// The sweep of stored files no record points at (server/storage/orphans.ts): what a
// write killed before its commit left behind leaves its bucket for removed/ once older than the grace
// period; a file a record points at stays, and so does a young one (its write may be under way). On the
// disk here, on S3 in tests/api/files-on-s3.test.ts, and after a real kill -9 in tests/e2e/crash.test.ts.
describe.each(dialects)('the sweep of orphan files, on %s', (dialect) => {
  let t: TestApp;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await makeApp(dialect);
    ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor: await actorByUsername(t.app.lab.db, 'admin'), lang: 'en' };
  });
  afterAll(() => t.close());

  it('takes out what no record points at once it is older than the grace period, and nothing else', async () => {
    await uploadData(ctx, 'public', [await ctx.storage.stage(Buffer.from('held by a record'), 'held.txt', 'text/plain')]);
    const held = (await t.app.lab.db.selectFrom('data_file').select('storage_key').where('filename', '=', 'held.txt').executeTakeFirstOrThrow()).storage_key;
    // as a write killed between storing its file and its commit leaves it
    const orphan = await ctx.storage.write('data', Buffer.from('left behind'), 'txt');

    const young = await sweepOrphans(t.app.lab.db, ctx.storage);
    expect(young.orphans).toEqual([]);
    expect(await ctx.storage.exists('data', orphan)).toBe(true);

    const later = await sweepOrphans(t.app.lab.db, ctx.storage, { now: Date.now() + ORPHAN_GRACE_MS + 1000 });
    expect(later.orphans).toEqual([{ bucket: 'data', key: orphan, size: 11 }]);
    expect(later.kept).toBeGreaterThanOrEqual(1);
    expect(await ctx.storage.exists('data', orphan)).toBe(false);
    // it waits its day in removed/, as any removed file
    expect((await ctx.storage.openKept('data', orphan))?.size).toBe(11);
    expect(await ctx.storage.exists('data', held)).toBe(true);
    const served = await (await loginAs(t.app, 'admin', 'admin-password')).get(`/resource/data/${held}/held.txt`);
    expect(served.body).toBe('held by a record');
  });
});
