import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../server/db/database.ts';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createDatabase } from '../../server/db/database.ts';
import { referencedFiles } from '../../server/storage/orphans.ts';
import { Storage } from '../../server/storage/storage.ts';
import { dialects, type Dialect, freshPgDatabase } from '../helpers/app.ts';
import { contents, sha256 } from '../helpers/contents.ts';
import { loginOverHttp, runLab, runLabAsync, type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { bucketObjects, s3Bucket, s3Client } from '../helpers/s3.ts';

// Crash safety, from outside. The real server under 16 concurrent writers is
// killed with SIGKILL; started again on the same data, it has every write it acknowledged, files byte
// for byte. And a restore killed at its worst moments leaves the instance as it was (or empty, which a
// new restore takes), never half restored.

const ADMIN = { username: 'crashadmin', password: 'crash-admin-password' };
const WRITERS = 16;

type Instance = { dialect: Dialect; dataDir: string; env: Record<string, string>; db: DatabaseOptions; close: () => Promise<void> };

async function instance(dialect: Dialect, storageEnv: Record<string, string> = {}): Promise<Instance> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-crash-'));
  const dataDir = path.join(scratch, 'data');
  const pgdb = dialect === 'postgres' ? await freshPgDatabase() : undefined;
  return {
    dialect,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? '', LAB_ADMIN_USERNAME: ADMIN.username, LAB_ADMIN_PASSWORD: ADMIN.password, ...storageEnv },
    db: { dataDir, ...(pgdb ? { databaseUrl: pgdb.url } : {}) },
    async close() {
      await pgdb?.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

type Acked = { kind: 'news'; id: number; abstract: string } | { kind: 'data'; id: number; name: string; sha: string };

/** One writer: news items and data files, one after the other, until `enough` or the server goes away. */
async function writer(url: string, token: string, n: number, acked: Acked[], enough = () => false): Promise<void> {
  for (let i = 0; !enough(); i++) {
    try {
      if (i % 2 === 0) {
        const abstract = `crash w${n} #${i}`;
        const res = await fetch(`${url}/api/news/`, {
          method: 'POST',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ date: '2026-11-23', abstract }),
        });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`news answered ${res.status}: ${body}`);
        acked.push({ kind: 'news', id: Number(res.headers.get('x-resource-id')), abstract });
      } else {
        const bytes = randomBytes(2048 + ((n * 7919 + i * 104729) % 30_000));
        const name = `w${n}-${i}.bin`;
        const fd = new FormData();
        fd.append('owner', 'public');
        fd.append('files[0]', new Blob([new Uint8Array(bytes)]), name);
        const res = await fetch(`${url}/api/data/`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: fd });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`data answered ${res.status}: ${body}`);
        acked.push({ kind: 'data', id: Number(res.headers.get('x-resource-id')), name, sha: sha256(bytes) });
      }
    } catch (e) {
      // the server was killed: what it did not answer in full was not acknowledged
      if ((e as Error).message.startsWith('news answered') || (e as Error).message.startsWith('data answered')) throw e;
      return;
    }
  }
}

describe.each(dialects)('kill -9 of the server on %s', (dialect) => {
  let inst: Instance | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await inst?.close();
  });

  it(`loses no acknowledged write of ${WRITERS} concurrent writers, and no byte of their files`, { timeout: 120_000 }, async () => {
    inst = await instance(dialect);
    server = await startServerProcess(inst.dataDir, inst.env);
    const token = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
    const acked: Acked[] = [];
    const writers = Array.from({ length: WRITERS }, (_, n) => writer((server as ServerProcess).url, token, n, acked));
    while (acked.length < 1000) await new Promise((r) => setTimeout(r, 20));
    server.proc.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);

    server = await startServerProcess(inst.dataDir, inst.env);
    const again = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
    const auth = { headers: { authorization: `Token ${again}` } };
    /** A read of the restarted server; a failure names what was read and what came back. */
    const read = async (path: string) => {
      const res = await fetch(`${(server as ServerProcess).url}${path}`, auth);
      try {
        return Buffer.from(await res.arrayBuffer());
      } catch (e) {
        throw new Error(`${path}: ${res.status} ${JSON.stringify(Object.fromEntries(res.headers))}: ${(e as Error).message} (${String((e as Error).cause)})`);
      }
    };
    const news = new Map((JSON.parse(String(await read('/api/news/'))) as { nid: number; abstract: string }[]).map((r) => [r.nid, r.abstract]));
    const data = new Map((JSON.parse(String(await read('/api/data/'))) as { did: number; filename: string; url: string }[]).map((r) => [r.did, r]));
    let files = 0;
    for (const a of acked) {
      if (a.kind === 'news') {
        expect(news.get(a.id), `news ${a.id}`).toBe(a.abstract);
      } else {
        const row = data.get(a.id);
        expect(row?.filename, `data file ${a.id}`).toBe(a.name);
        const bytes = await read(String(row?.url));
        expect(sha256(bytes), `bytes of ${a.name}`).toBe(a.sha);
        files++;
      }
    }
    expect(files).toBeGreaterThan(400);
    server.proc.kill('SIGTERM');
    await server.exited;
  });
});

// The same with the files in an S3 bucket: the server stores each upload in the bucket
// (tests/helpers/s3.ts runs the S3 server in this process) before its records commit, so a kill between the
// two leaves an object no record points at. Nothing acknowledged is lost, and after `lab storage sweep` no
// such object is left in the buckets: every stored object is one a record points at.
describe.each(dialects)('kill -9 of the server with its files in S3, on %s', (dialect) => {
  let inst: Instance | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await inst?.close();
  });

  it('loses no acknowledged upload, and leaves no orphan object after the sweep', { timeout: 180_000 }, async () => {
    const s3 = await s3Bucket();
    inst = await instance(dialect, s3);
    server = await startServerProcess(inst.dataDir, inst.env);
    const token = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
    const acked: Acked[] = [];
    const writers = Array.from({ length: WRITERS }, (_, n) => writer((server as ServerProcess).url, token, n, acked));
    while (acked.filter((a) => a.kind === 'data').length < 150) await new Promise((r) => setTimeout(r, 20));
    server.proc.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    await Promise.all(writers);

    // a write killed between its file and its commit, for certain: an object of the bucket's layout that
    // no record points at, older than the sweep's grace (the sweep below is told 0 minutes)
    const orphan = Storage.newKey('bin');
    const client = await s3Client();
    await client.send(new PutObjectCommand({ Bucket: s3.S3_BUCKET, Key: `data/${orphan}`, Body: 'left by a killed write' }));
    client.destroy();

    server = await startServerProcess(inst.dataDir, inst.env);
    const again = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
    const auth = { headers: { authorization: `Token ${again}` } };
    const data = new Map(
      ((await (await fetch(`${server.url}/api/data/`, auth)).json()) as { did: number; filename: string; url: string }[]).map((r) => [r.did, r]),
    );
    const readAll = async () => {
      let files = 0;
      for (const a of acked) {
        if (a.kind !== 'data') continue;
        const row = data.get(a.id);
        expect(row?.filename, `data file ${a.id}`).toBe(a.name);
        const res = await fetch(`${(server as ServerProcess).url}${row?.url}`, auth);
        expect(res.status, `${row?.url}`).toBe(200);
        expect(sha256(Buffer.from(await res.arrayBuffer())), `bytes of ${a.name}`).toBe(a.sha);
        files++;
      }
      return files;
    };
    expect(await readAll()).toBeGreaterThanOrEqual(150);
    server.proc.kill('SIGTERM');
    await server.exited;

    const sweep = await runLabAsync(['storage', 'sweep', '--older-than', '0'], inst.env);
    expect(sweep.status, sweep.stderr).toBe(0);
    expect(sweep.stdout).toContain(`taken out: data/${orphan}`);

    // every object in a bucket is one a record points at; the orphans wait in removed/; nothing else
    const db = createDatabase(inst.db);
    const held = await referencedFiles(db).finally(() => db.destroy());
    const objects = (await bucketObjects(s3)).map((o) => o.name);
    const stored = objects.filter((n) => /^(publication|data|image|media)\//.test(n));
    expect(stored.sort()).toEqual([...held].sort());
    expect(objects).toContain(`removed/data/${orphan}`);
    expect(
      objects.every((n) => /^(publication|data|image|media|removed\/(publication|data|image|media)|variants)\/[^/]+$/.test(n)),
      objects.join(' '),
    ).toBe(true);
    // no upload in flight left on the disk: the killed server's temporary folder went at the restart
    expect(fs.readdirSync(path.join(inst.dataDir, 'tmp'))).toEqual([]);
    expect(fs.existsSync(path.join(inst.dataDir, 'files'))).toBe(false);

    // and what was acknowledged is still served after the sweep
    server = await startServerProcess(inst.dataDir, inst.env);
    expect(await readAll()).toBeGreaterThanOrEqual(150);
    server.proc.kill('SIGTERM');
    await server.exited;
  });
});

describe.each(dialects)('a restore killed on %s', (dialect) => {
  const made: Instance[] = [];
  afterAll(async () => {
    for (const i of made) await i.close();
  });
  const fresh = async () => {
    const i = await instance(dialect);
    made.push(i);
    return i;
  };

  /** A backup of a small lab with files, made by `lab backup` from another instance. */
  const backupOf = async (tag: string) => {
    const src = await fresh();
    const server = await startServerProcess(src.dataDir, src.env);
    try {
      const token = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
      const acked: Acked[] = [];
      await writer(server.url, token, 0, acked, () => acked.length >= 12);
      server.proc.kill('SIGTERM');
      await server.exited;
    } finally {
      server.proc.kill('SIGKILL');
    }
    const file = path.join(src.dataDir, '..', `${tag}.tar.gz`);
    // what the backup holds: the lab as it was when taken (`lab backup` logs itself afterwards)
    const held = await contents(src.db);
    const r = runLab(['backup', file], src.env);
    expect(r.status, r.stderr).toBe(0);
    return { file, contents: held };
  };

  it('before its commit, into an empty instance: the instance stays empty and a new restore takes it whole', { timeout: 120_000 }, async () => {
    const { file, contents: want } = await backupOf('empty-target');
    const target = await fresh();
    const killed = runLab(['restore', file], { ...target.env, LAB_ADMIN_USERNAME: '', LAB_FAILPOINT: 'restore:before-commit' });
    expect(killed.signal).toBe('SIGKILL');
    const left = await contents(target.db);
    expect(Object.values(left.tables).every((rows) => rows.length === 0)).toBe(true);
    const r = runLab(['restore', file], { ...target.env, LAB_ADMIN_USERNAME: '' });
    expect(r.status, r.stderr).toBe(0);
    expect(await contents(target.db)).toEqual(want);
  });

  it.each(['restore:files-moved', 'restore:before-commit'])(
    'at %s, over an instance with content (--force): that content is all still there',
    { timeout: 120_000 },
    async (point) => {
      const { file } = await backupOf(`force-${point.replace(':', '-')}`);
      const target = await fresh();
      // the target: a lab of its own, stopped
      const server = await startServerProcess(target.dataDir, target.env);
      const token = await loginOverHttp(server.url, ADMIN.username, ADMIN.password);
      const acked: Acked[] = [];
      await writer(server.url, token, 1, acked, () => acked.length >= 6);
      server.proc.kill('SIGTERM');
      await server.exited;
      const before = await contents(target.db);

      const killed = runLab(['restore', file, '--force'], { ...target.env, LAB_FAILPOINT: point });
      expect(killed.signal).toBe('SIGKILL');
      const after = await contents(target.db);
      expect(after.tables).toEqual(before.tables);
      // every file a record points at is there, byte for byte (the backup's files may sit beside them)
      for (const [name, sum] of Object.entries(before.files)) expect(after.files[name], name).toBe(sum);
    },
  );
});
