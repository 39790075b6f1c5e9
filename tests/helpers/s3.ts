import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// A real S3 server for the tests: s3rver (plain JavaScript, the S3 REST protocol over HTTP, objects kept
// in a folder), started once in the test process on a loopback port. Each test lab gets a bucket of its
// own. Server processes started by a test (tests/helpers/process.ts) reach it over the loopback like any
// S3 server; nothing of it is shared with them but the protocol.
//
// LAB_TEST_STORAGE=s3 makes every test app (makeApp, bareInstance) keep its files in a bucket: the api
// tests of files, images, backups and history then run on S3 as they do on disk.

const ACCESS = { id: 'S3RVER', secret: 'S3RVER' };
let running: Promise<{ endpoint: string; dir: string; server: S3rver }> | undefined;

/** The address of the test process's S3 server (started on first use, stopped when the process ends). */
async function s3Endpoint(): Promise<string> {
  running ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-s3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
    const { port } = await server.run();
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return { endpoint: `http://127.0.0.1:${port}`, dir, server };
  })();
  return (await running).endpoint;
}

/** A client of the test S3 server, for tests that look into a bucket. */
export async function s3Client(): Promise<S3Client> {
  return new S3Client({
    endpoint: await s3Endpoint(),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS.id, secretAccessKey: ACCESS.secret },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A new empty bucket on the test S3 server, and the environment that keeps a lab's files there. */
export async function s3Bucket(): Promise<Record<string, string>> {
  const endpoint = await s3Endpoint();
  const bucket = `lab-${randomBytes(6).toString('hex')}`;
  const client = await s3Client();
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS.id,
    S3_SECRET_ACCESS_KEY: ACCESS.secret,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** The environment of a test lab's storage: a fresh bucket under LAB_TEST_STORAGE=s3, nothing (the disk) otherwise. */
export async function testStorageEnv(): Promise<Record<string, string>> {
  // read at each call: a file that sets it (tests/api/files-on-s3.test.ts) shares its worker's modules with others
  return process.env.LAB_TEST_STORAGE === 's3' ? s3Bucket() : {};
}

/** Every object name in a bucket (below the lab's names: `data/<key>`, `removed/media/<key>`, …), sorted. */
export async function bucketObjects(env: Record<string, string>): Promise<{ name: string; size: number }[]> {
  const client = await s3Client();
  const out: { name: string; size: number }[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }));
      for (const o of page.Contents ?? []) out.push({ name: o.Key ?? '', size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The test S3 server behind a TCP relay on a loopback port that can fall silent (`hang`): from then on it
 * takes every connection and never says a word, as a bucket behind a broken campus load balancer does. The
 * connections open at that moment (a client's idle keep-alive ones) are cut, so its next request meets the silence.
 */
export async function silenceableS3(): Promise<{ endpoint: string; hang: () => void; close: () => Promise<void> }> {
  const upstream = new URL(await s3Endpoint());
  const sockets = new Set<net.Socket>();
  let silent = false;
  const keep = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const server = net.createServer((client) => {
    keep(client);
    if (silent) return;
    const to = net.connect(Number(upstream.port), upstream.hostname);
    keep(to);
    client.pipe(to).pipe(client);
    client.on('close', () => to.destroy());
    to.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    hang() {
      silent = true;
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
