import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article } from '../../common/resources/index.ts';
import type { TrashList, Version, VersionList } from '../../common/wire.ts';
import { actorByUsername } from '../../server/services/auth.ts';
import { articles } from '../../server/services/content.ts';
import type { Ctx } from '../../server/services/context.ts';
import { createCrud } from '../../server/services/crud.ts';
import { storedAs, createdId, fieldErrors, makeWorld, newMember, unique, type World } from '../fixtures/world.ts';
import type { Bucket } from '../../server/storage/storage.ts';
import { Client } from '../helpers/client.ts';
import { dialects } from '../helpers/app.ts';

// Every update keeps the version it replaces (who, when), a version
// can be read and restored (itself a new version), deleted records go to a trash administrators restore
// from or empty, files stay while a version or the trash refers to them, retention and purge, and who may
// see what. On SQLite and PostgreSQL; the History and Trash screens are tests/e2e/console-history.test.ts.

const bytes = (label: string) => Buffer.from(`%PDF-1.4 ${label} ${unique()} ${'x'.repeat(64)}`);

describe.each(dialects)('history on %s', (dialect) => {
  let w: World;
  let _dataDir: string;
  const anon = () => new Client(w.app);
  beforeAll(async () => {
    // three versions per record, so retention shows within a few saves
    w = await makeWorld(dialect, { HISTORY_KEEP: '3' });
    _dataDir = w.app.lab.config.dataDir;
  });
  afterAll(() => w.t.close());

  const history = async (c: Client, resource: string, id: number) => {
    const r = await c.get(`/api/history/${resource}/${id}/`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as VersionList;
  };
  const version = async (c: Client, resource: string, id: number, rid: number) => {
    const r = await c.get(`/api/history/${resource}/${id}/${rid}/`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Version;
  };
  const restore = (c: Client, resource: string, id: number, rid: number) => c.json('POST', `/api/history/${resource}/${id}/${rid}/restore/`, {});
  const trash = async () => {
    const r = await w.admin.get('/api/trash/');
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as TrashList;
  };
  const count = async (table: 'revision' | 'activity' | 'trash' | 'kept_file') =>
    Number(
      (
        await w.app.lab.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const onDisk = (bucket: Bucket, data: Buffer) => storedAs(w.app, bucket, data);

  it('keeps the version each update replaces, with who saved it and when; restoring one is itself a new version', async () => {
    const aid = createdId(await w.user.send('POST', '/api/article/', { title: 'Draft one', abstract: 'A', type: 'lab hot topic', markdown: 'First text.' }));
    expect((await history(w.user, 'article', aid)).versions).toEqual([]);
    expect((await w.user.send('PUT', `/api/article/?aid=${aid}`, { title: 'Draft two', markdown: 'Second text.' })).statusCode).toBe(200);
    expect((await w.other.send('PUT', `/api/article/?aid=${aid}`, { markdown: 'Third text, by another member.' })).statusCode).toBe(200);
    const h = await history(w.admin, 'article', aid);
    expect(h.current.markdown).toBe('Third text, by another member.');
    // newest first: the version the other member replaced was saved by the user, and so on
    expect(h.versions.map((v) => v.actor)).toEqual([w.other.username, w.user.username]);
    for (const v of h.versions) expect(Date.parse(v.at)).toBeGreaterThan(Date.now() - 60_000);
    const [second, first] = h.versions as [Version, Version];
    expect((await version(w.user, 'article', aid, first.rid)).record).toMatchObject({ aid, title: 'Draft one', markdown: 'First text.' });
    expect((await version(w.user, 'article', aid, second.rid)).record).toMatchObject({ title: 'Draft two', markdown: 'Second text.' });

    const before = await count('activity');
    const r = await restore(w.admin, 'article', aid, first.rid);
    expect(r.statusCode, r.body).toBe(200);
    const now = (await w.admin.get(`/api/article/?aid=${aid}`)).json();
    expect(now).toMatchObject({ title: 'Draft one', markdown: 'First text.' });
    // the restore kept what it replaced: the third text is a version now, and nothing was lost
    const after = await history(w.admin, 'article', aid);
    expect((await version(w.admin, 'article', aid, (after.versions[0] as Version).rid)).record.markdown).toBe('Third text, by another member.');
    expect(after.versions.length).toBe(3);
    // and the log says it was a restore, of which version
    expect(await count('activity')).toBe(before + 1);
    const entry = await w.app.lab.db.selectFrom('activity').selectAll().orderBy('eid', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'restore', resource: 'article', record: String(aid), actor: 'admin', detail: `revision ${first.rid}` });
  });

  it('keeps the last HISTORY_KEEP versions, and a file only its dropped versions held leaves the bucket', async () => {
    const files = [bytes('v0'), bytes('v1'), bytes('v2'), bytes('v3'), bytes('v4')];
    const pid = createdId(
      await w.user.send('POST', '/api/publication/', {
        title: 'Kept paper',
        author: '["A"]',
        source: 'ACL',
        year: '2025',
        file1: { file: files[0] as Buffer, name: 'paper.pdf' },
      }),
    );
    for (const f of files.slice(1)) {
      expect((await w.user.send('PUT', `/api/publication/?pid=${pid}`, { file1: { file: f, name: 'paper.pdf' } })).statusCode).toBe(200);
    }
    const h = await history(w.user, 'publication', pid);
    expect(h.versions.length).toBe(3);
    // v0 was held by a version that retention dropped: gone; v1..v3 are held by versions; v4 is the record's
    expect(await onDisk('publication', files[0] as Buffer)).toEqual([]);
    for (const f of files.slice(1)) expect((await onDisk('publication', f)).length).toBe(1);

    // restoring the oldest kept version serves its file again, under the record's public address
    const oldest = h.versions.at(-1) as Version;
    expect((await version(w.user, 'publication', pid, oldest.rid)).record.file1).toBe('paper.pdf');
    expect((await restore(w.user, 'publication', pid, oldest.rid)).statusCode).toBe(200);
    const served = await anon().get(`/resource/public/publication/${pid}/paper.pdf`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(files[1] as Buffer)).toBe(true);
  });

  it('a deleted record goes to the trash with its files; restored, it is back under its id with them', async () => {
    const pdf = bytes('trashed');
    const pid = createdId(
      await w.user.send('POST', '/api/publication/', {
        title: `Trashed ${unique()}`,
        author: '["A"]',
        source: 'ACL',
        year: '2025',
        file1: { file: pdf, name: 't.pdf' },
      }),
    );
    expect((await w.user.send('PUT', `/api/publication/?pid=${pid}`, { source: 'EMNLP' })).statusCode).toBe(200);
    expect((await w.user.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
    // gone from every public read and page, but its file is kept
    expect((await anon().get('/api/read_publication/')).json().some((p: { pid: number }) => p.pid === pid)).toBe(false);
    expect((await anon().get(`/resource/public/publication/${pid}/t.pdf`)).statusCode).toBe(404);
    expect((await onDisk('publication', pdf)).length).toBe(1);
    const listed = (await trash()).items.find((i) => i.resource === 'publication' && i.record === pid);
    expect(listed).toMatchObject({ actor: w.user.username, files: 1 });
    expect(listed?.title).toMatch(/^Trashed/);

    const r = await w.admin.json('POST', `/api/trash/${listed?.tid}/restore/`, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ resource: 'publication', record: pid });
    expect((await anon().get('/api/read_publication/')).json().some((p: { pid: number }) => p.pid === pid)).toBe(true);
    const served = await anon().get(`/resource/public/publication/${pid}/t.pdf`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // its history came back with it, and it left the trash
    expect((await history(w.user, 'publication', pid)).versions.length).toBe(1);
    expect((await trash()).items.some((i) => i.tid === listed?.tid)).toBe(false);
    expect(await w.app.lab.db.selectFrom('kept_file').selectAll().where('holder', '=', 'trash').where('holder_id', '=', Number(listed?.tid)).execute()).toEqual(
      [],
    );
  });

  it('a deleted person comes back with their private files, images and login; a version never holds a password', async () => {
    const m = await newMember(w.admin, { name_zh: '回收成员', name_en: 'Trashed Member' });
    const secret = bytes('private');
    createdId(await m.send('POST', '/api/data/', { owner: m.username, 'files[0]': { file: secret, name: 'mine.txt' } }));
    expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { description_en: 'Before' })).statusCode).toBe(200);
    const pw = 'a-new-password-123';
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { password: pw, password2: pw })).statusCode).toBe(200);
    const revs = await w.app.lab.db.selectFrom('revision').selectAll().where('resource', '=', 'person').where('record', '=', m.pid).execute();
    expect(revs.length).toBe(2);
    for (const r of revs) expect(r.data).not.toMatch(/password_hash|argon|\$scrypt|must_change/);

    expect((await w.admin.delete(`/api/people/?pid=${m.pid}`)).statusCode).toBe(200);
    expect((await onDisk('data', secret)).length).toBe(1);
    const entry = (await trash()).items.find((i) => i.resource === 'person' && i.record === m.pid);
    expect(entry?.title).toBe('回收成员 / Trashed Member');
    expect((await w.admin.json('POST', `/api/trash/${entry?.tid}/restore/`, {})).statusCode).toBe(200);
    // they log in with the password they had, and their private file is theirs again
    const back = new Client(w.app);
    expect((await back.login(m.username, pw)).loginStatus).toBe('success');
    const files = (await back.get(`/api/data/?owner=${m.username}`)).json() as { filename: string; url: string }[];
    expect(files.map((f) => f.filename)).toEqual(['mine.txt']);
    expect((await back.get(files[0]?.url as string)).rawPayload.equals(secret)).toBe(true);
  });

  it('a record whose creator was deleted meanwhile comes back without a creator', async () => {
    const m = await newMember(w.admin);
    const aid = createdId(await m.send('POST', '/api/article/', { title: 'Orphaned', abstract: 'A', type: 'lab hot topic', markdown: 'x' }));
    expect((await m.delete(`/api/article/?aid=${aid}`)).statusCode).toBe(200);
    expect((await w.admin.delete(`/api/people/?pid=${m.pid}`)).statusCode).toBe(200);
    const entry = (await trash()).items.find((i) => i.resource === 'article' && i.record === aid);
    const r = await w.admin.json('POST', `/api/trash/${entry?.tid}/restore/`, {});
    expect(r.statusCode, r.body).toBe(200);
    const row = await w.app.lab.db.selectFrom('article').selectAll().where('aid', '=', aid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Orphaned', created_by: null });
  });

  it('a restored username that is taken again is refused with the field named, and the trash keeps the entry', async () => {
    const m = await newMember(w.admin);
    expect((await w.admin.delete(`/api/people/?pid=${m.pid}`)).statusCode).toBe(200);
    await newMember(w.admin, { username: m.username, uid: `x${unique()}` });
    const entry = (await trash()).items.find((i) => i.resource === 'person' && i.record === m.pid);
    const r = await w.admin.json('POST', `/api/trash/${entry?.tid}/restore/`, {});
    expect(fieldErrors(r)).toHaveProperty('username');
    expect((await trash()).items.some((i) => i.tid === entry?.tid)).toBe(true);
  });

  it('purges trash entries older than TRASH_DAYS with their files and versions; emptying the trash purges all', async () => {
    const pdf = bytes('expired');
    const pid = createdId(
      await w.admin.send('POST', '/api/publication/', { title: 'Expiring', author: '["A"]', source: 'ACL', year: '2025', file1: { file: pdf, name: 'e.pdf' } }),
    );
    expect((await w.admin.send('PUT', `/api/publication/?pid=${pid}`, { title: 'Expiring, edited' })).statusCode).toBe(200);
    expect((await w.admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
    const entry = (await trash()).items.find((i) => i.resource === 'publication' && i.record === pid);
    // deleted 31 days ago
    const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    await w.app.lab.db.updateTable('trash').set({ at: old }).where('tid', '=', Number(entry?.tid)).execute();
    expect((await trash()).items.some((i) => i.tid === entry?.tid)).toBe(false);
    expect(await onDisk('publication', pdf)).toEqual([]);
    expect(await w.app.lab.db.selectFrom('revision').selectAll().where('resource', '=', 'publication').where('record', '=', pid).execute()).toEqual([]);

    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'To empty', content_en: '<p>x</p>', date: '2026-11-20' }));
    expect((await w.admin.delete(`/api/news/?nid=${nid}`)).statusCode).toBe(200);
    expect((await trash()).items.length).toBeGreaterThan(0);
    const r = await w.admin.delete('/api/trash/');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().purged).toBeGreaterThan(0);
    expect((await trash()).items).toEqual([]);
    // both purges are in the log: of the entry past its time (when the trash was listed), and the emptying
    const purges = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'purge').orderBy('eid', 'desc').execute();
    expect(purges.slice(0, 2).map((e) => [e.actor, e.detail])).toEqual([
      ['admin', 'emptied'],
      ['admin', 'expired'],
    ]);
    expect(await count('kept_file')).toBe(
      Number(
        (
          await w.app.lab.db
            .selectFrom('kept_file')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('holder', '=', 'revision')
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    );
  });

  it('a write that fails leaves neither a version nor a log entry; one that succeeds always has both', async () => {
    const aid = createdId(await w.admin.send('POST', '/api/article/', { title: 'Atomic', abstract: 'A', type: 'lab hot topic', markdown: 'x' }));
    const [revisions, activity] = [await count('revision'), await count('activity')];
    const actor = await actorByUsername(w.app.lab.db, 'admin');
    const ctx: Ctx = { db: w.app.lab.db, storage: w.app.lab.storage, actor, lang: 'en' };
    const failing = createCrud(article, {
      ...articles.hooks,
      afterWrite: () => {
        throw new Error('a hook failed');
      },
    });
    await expect(failing.update(ctx, aid, { title: 'Never saved' })).rejects.toThrow('a hook failed');
    await expect(failing.remove(ctx, aid)).resolves.toBeUndefined();
    // the delete (no afterWrite) went through: one trash entry and one log entry, no version
    expect(await count('revision')).toBe(revisions);
    expect(await count('activity')).toBe(activity + 1);
    expect(await w.app.lab.db.selectFrom('trash').selectAll().where('resource', '=', 'article').where('record', '=', aid).execute()).toHaveLength(1);
    const aid2 = createdId(await w.admin.send('POST', '/api/article/', { title: 'Atomic 2', abstract: 'A', type: 'lab hot topic', markdown: 'x' }));
    await articles.update(ctx, aid2, { title: 'Saved' });
    expect(await count('revision')).toBe(revisions + 1);
    // a refused write (validation) leaves neither
    expect(Object.keys(fieldErrors(await w.admin.send('PUT', `/api/article/?aid=${aid2}`, { title: '' }))).length).toBeGreaterThan(0);
    expect(await count('revision')).toBe(revisions + 1);
  });

  it('only whoever may edit a record reads its history; a member their own profile, restoring only their own fields', async () => {
    // another member's profile: private data (phone), not theirs to read
    expect((await w.admin.send('PUT', `/api/people/?pid=${w.other.pid}`, { phone: '13800000000' })).statusCode).toBe(200);
    expect((await w.user.get(`/api/history/person/${w.other.pid}/`)).statusCode).toBe(403);
    expect((await anon().get(`/api/history/person/${w.other.pid}/`)).statusCode).toBe(401);
    const theirs = await history(w.admin, 'person', w.other.pid);
    expect((await w.user.get(`/api/history/person/${w.other.pid}/${(theirs.versions[0] as Version).rid}/`)).statusCode).toBe(403);
    expect((await restore(w.user, 'person', w.other.pid, (theirs.versions[0] as Version).rid)).statusCode).toBe(403);
    // news are the administrators'
    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Admin news', content_en: '<p>x</p>', date: '2026-11-20' }));
    expect((await w.user.get(`/api/history/news/${nid}/`)).statusCode).toBe(403);
    // unknown resources, ids and versions
    expect((await w.admin.get('/api/history/session/1/')).statusCode).toBe(400);
    expect((await w.admin.get('/api/history/article/99999999/')).statusCode).toBe(404);
    expect((await w.admin.get(`/api/history/news/${nid}/99999999/`)).statusCode).toBe(404);
    // a version of one record is not reachable under another's id
    expect((await w.admin.get(`/api/history/person/${w.user.pid}/${(theirs.versions[0] as Version).rid}/`)).statusCode).toBe(404);

    // a member who was an administrator once restores their old profile: the text comes back, the role does not
    const m = await newMember(w.admin, { authority: 'admin', description_en: 'Old text' });
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { authority: 'user' })).statusCode).toBe(200);
    expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { description_en: 'New text' })).statusCode).toBe(200);
    const mine = await history(m, 'person', m.pid);
    const adminVersion = mine.versions.at(-1) as Version;
    expect((await version(m, 'person', m.pid, adminVersion.rid)).record.authority).toBe('admin');
    expect((await restore(m, 'person', m.pid, adminVersion.rid)).statusCode).toBe(200);
    const row = await w.app.lab.db.selectFrom('person').selectAll().where('pid', '=', m.pid).executeTakeFirstOrThrow();
    expect(row.description_en).toBe('Old text');
    expect(row.authority).toBe('user');

    // the trash is the administrators'
    expect((await w.user.get('/api/trash/')).statusCode).toBe(403);
    expect((await anon().get('/api/trash/')).statusCode).toBe(401);
    expect((await w.user.delete('/api/trash/')).statusCode).toBe(403);
    expect((await w.user.json('POST', '/api/trash/1/restore/', {})).statusCode).toBe(403);
  });

  it('saving the info pages keeps a version of each page that changed, and of no other', async () => {
    const list = (await w.admin.get('/api/info/')).json() as { iid: number; aspect: string; markdown: string; order: number }[];
    const before = await count('revision');
    const changed = list.map((p, i) => (i === 0 ? { ...p, markdown: `${p.markdown} edited` } : p));
    expect((await w.admin.json('PUT', '/api/info/', changed)).statusCode).toBe(200);
    expect(await count('revision')).toBe(before + (list.length ? 1 : 0));
  });
});
