import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Client } from 'ldapts';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayCertificates, type TestCertificates } from '../tests/helpers/tls.ts';
import { s3Config } from './config.ts';
import { createStorage } from './storage/storage.ts';
import { tlsCause } from './tls-cause.ts';

// The TLS cause is found however deep each library puts it: openid-client's and fetch's errors (OIDC, CAS) with
// it as a cause, ldapts (ldaps://) as its own error, the S3 SDK (a bucket over https) in the start's message.
// Real servers on loopback ports with certificates Node.js does not trust; tests/api/mail.test.ts has the mail.

describe('the TLS cause of a failed connection', () => {
  let certs: TestCertificates;
  const servers: net.Server[] = [];
  let httpsUrl = '';
  let ldapsUrl = '';
  beforeAll(async () => {
    certs = throwawayCertificates();
    const options = { cert: fs.readFileSync(certs.leaf.cert), key: fs.readFileSync(certs.leaf.key) };
    const web = https.createServer(options, (_req, res) => res.end('{}'));
    // a TLS server that says nothing after the handshake: the client refuses the certificate first
    const directory = tls.createServer(options, () => {});
    for (const s of [web, directory]) {
      s.on('tlsClientError', () => {});
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      servers.push(s);
    }
    httpsUrl = `https://127.0.0.1:${(web.address() as net.AddressInfo).port}`;
    ldapsUrl = `ldaps://127.0.0.1:${(directory.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    certs?.remove();
  });

  const untrusted = { tls: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', hint: expect.stringContaining('NODE_EXTRA_CA_CERTS') };

  it('under openid-client\'s discovery (OIDC, services/oidc.ts) and fetch\'s "fetch failed" (CAS, services/cas.ts)', async () => {
    const discovery = await client.discovery(new URL(httpsUrl), 'lab-website').catch((err: unknown) => err);
    expect(tlsCause(discovery)).toEqual(untrusted);
    const fetched = await fetch(`${httpsUrl}/cas/p3/serviceValidate`).catch((err: unknown) => err);
    expect((fetched as Error).message).toBe('fetch failed');
    expect(tlsCause(fetched)).toEqual(untrusted);
  });

  it('of ldapts (ldaps://)', async () => {
    const client = new Client({ url: ldapsUrl, timeout: 3000, connectTimeout: 3000 });
    const e = await client.bind('uid=x,dc=example,dc=edu', 'x').catch((err: unknown) => err);
    await client.unbind().catch(() => {});
    expect(tlsCause(e)).toEqual(untrusted);
  });

  it('of the S3 SDK: the start stops with the code and the hint in its message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-tls-s3-'));
    try {
      const storage = await createStorage({
        dataDir,
        s3: s3Config({ S3_BUCKET: 'lab-site', S3_ENDPOINT: httpsUrl, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
      });
      const e = await storage.init().catch((err: unknown) => err);
      await storage.close();
      expect((e as Error).message).toMatch(/^S3 bucket lab-site at https:\/\/127\.0\.0\.1:\d+: reaching the bucket failed: /);
      expect((e as Error).message).toContain(': TLS UNABLE_TO_VERIFY_LEAF_SIGNATURE: ');
      expect((e as Error).message).toContain('NODE_EXTRA_CA_CERTS=/path/to/campus-ca.pem');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is nothing when TLS was not why', () => {
    expect(tlsCause(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(tlsCause(new TypeError('fetch failed', { cause: new Error('other side closed') }))).toBeUndefined();
  });
});
