import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { tlsCauseText } from '../tls-cause.ts';
import {
  type ByteRange,
  isObjectName,
  type ObjectStream,
  RangeNotSatisfiable,
  resolveRange,
  Storage,
  StorageUnavailable,
  type StoredObject,
} from './storage.ts';

// Stored files in an S3-compatible bucket (S3_BUCKET; AWS, MinIO, Ceph, a campus cloud), under the same
// names as on disk (server/storage/storage.ts), below S3_PREFIX. Files go up as a stream of the local
// temporary file with its length (one PUT, at most 5 GB; uploads are at most 512 MB) and come down as
// the response's stream, whole or a byte range: no file is ever held in memory. A rename is a copy and a
// delete; the copy's time is its own (S3 sets it), which starts the wait of a removed file.
// Every request is bounded by S3_TIMEOUT_MS (server/config.ts), retries included: a bucket that takes the
// connection and never answers fails the start, a download or a stop within that time, never holds it.

/** What an S3 error says of the object: absent (404 / NoSuchKey), a range past its end (416), or neither. */
function s3Status(e: unknown): 'absent' | 'range' | undefined {
  if (!(e instanceof S3ServiceException) && !(e instanceof Error)) return undefined;
  const status = (e as S3ServiceException).$metadata?.httpStatusCode;
  const name = (e as Error).name;
  if (status === 404 || name === 'NoSuchKey' || name === 'NotFound') return 'absent';
  if (status === 416 || name === 'InvalidRange') return 'range';
  return undefined;
}

/** A request to the bucket that got no answer within S3_TIMEOUT_MS. */
class NoAnswer extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms (S3_TIMEOUT_MS)`);
    this.name = 'TimeoutError';
  }
}

/**
 * An error of the bucket, for the operator: what was asked of which bucket, never the credentials; a TLS cause
 * (a campus authority Node.js does not trust) with its hint. No answer at all (no HTTP status: silent, refused,
 * unreachable) is StorageUnavailable, which a request answers 503.
 */
function bucketError(config: S3Config, what: string, e: unknown): Error {
  const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = err.$metadata?.httpStatusCode ? ` (HTTP ${err.$metadata.httpStatusCode})` : '';
  const message =
    `S3 bucket ${config.bucket} at ${config.endpoint ?? `region ${config.region}`}: ${what} failed: ${err.name ?? 'Error'}${status} ${err.message ?? ''}`.trim() +
    tlsCauseText(e);
  return err.$metadata?.httpStatusCode ? new Error(message) : new StorageUnavailable(message);
}

function rangeHeader(range: ByteRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}

export class S3Storage extends Storage {
  readonly kind = 's3' as const;
  readonly where: string;
  readonly config: S3Config;
  private readonly client: S3Client;

  constructor(dataDir: string, config: S3Config) {
    super(dataDir);
    this.config = config;
    this.where = `s3://${config.bucket}/${config.prefix}`;
    // downloads stream to slow clients for minutes: enough sockets for them, kept alive between requests
    const agent = { keepAlive: true, maxSockets: 128 };
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // checksums only where S3 requires them: the SDK's default (CRC32 trailers in aws-chunked bodies)
      // is not understood by every S3-compatible server, and an upload's integrity is checked by length
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: config.timeoutMs, httpAgent: new http.Agent(agent), httpsAgent: new https.Agent(agent) },
    });
  }

  /**
   * One request (with the SDK's retries) given S3_TIMEOUT_MS to answer, then aborted. The bound ends with the
   * answer's headers: a download then streams for as long as its reader takes. An upload's bound counts from
   * the last bytes of its file read (`progress`), so a large file on a slow link is not cut off.
   */
  private async send<T>(request: (options: { abortSignal: AbortSignal }) => Promise<T>, progress?: () => number): Promise<T> {
    const ms = this.config.timeoutMs;
    const abort = new AbortController();
    let seen = progress?.();
    const check = () => {
      const now = progress?.();
      if (now !== seen) {
        seen = now;
        timer = setTimeout(check, ms);
      } else abort.abort(new NoAnswer(ms));
    };
    let timer = setTimeout(check, ms);
    try {
      return await request({ abortSignal: abort.signal });
    } catch (e) {
      throw abort.signal.aborted ? abort.signal.reason : e;
    } finally {
      clearTimeout(timer);
    }
  }

  private key(name: string): string {
    if (!isObjectName(name)) throw new Error(`not an object name: ${name}`);
    return this.config.prefix + name;
  }

  protected async prepare(): Promise<void> {
    try {
      await this.send((o) => this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }), o));
    } catch (e) {
      throw bucketError(this.config, 'reaching the bucket', e);
    }
  }

  protected async closeBackend(): Promise<void> {
    this.client.destroy();
  }

  // the heartbeats of the instances on this bucket: instances/{id}, holding {host, pid}, rewritten each minute
  protected async touchShared(id: string, body: string): Promise<void> {
    await this.send((o) => this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(`instances/${id}`), Body: body }), o));
  }

  protected async sharedInstances(): Promise<{ id: string; body: string; modified: number }[]> {
    const out: { id: string; body: string; modified: number }[] = [];
    for await (const o of this.list('instances/')) {
      const got = await this.get(o.name).catch(() => undefined);
      if (!got) continue;
      const chunks: Buffer[] = [];
      for await (const c of got.stream) chunks.push(c as Buffer);
      out.push({ id: o.name.slice('instances/'.length), body: Buffer.concat(chunks).toString('utf8').slice(0, 1000), modified: o.modified });
    }
    return out;
  }

  protected async forgetShared(id: string): Promise<void> {
    await this.delete(`instances/${id}`);
  }

  async moveIn(localPath: string, name: string): Promise<void> {
    const Key = this.key(name);
    const { size } = await fs.stat(localPath);
    const Body = fsSync.createReadStream(localPath);
    try {
      await this.send(
        (o) => this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key, Body, ContentLength: size }), o),
        () => Body.bytesRead,
      );
    } catch (e) {
      throw bucketError(this.config, `writing ${name}`, e);
    } finally {
      Body.destroy();
    }
    await fs.rm(localPath, { force: true });
  }

  protected async putBytes(name: string, data: Buffer): Promise<void> {
    try {
      await this.send((o) =>
        this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(name), Body: data, ContentLength: data.length }), o),
      );
    } catch (e) {
      throw bucketError(this.config, `writing ${name}`, e);
    }
  }

  async get(name: string, range?: ByteRange): Promise<ObjectStream | undefined> {
    if (!isObjectName(name)) return undefined;
    if (range && 'suffix' in range) {
      // the last n bytes: asked as an explicit range, since not every S3-compatible server reads
      // `bytes=-n` right (s3rver sends the first n)
      const h = await this.head(name);
      if (!h) return undefined;
      range = resolveRange(range, h.size);
    }
    let res: GetObjectCommandOutput;
    try {
      res = await this.send((o) =>
        this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(name), ...(range ? { Range: rangeHeader(range) } : {}) }), o),
      );
    } catch (e) {
      const status = s3Status(e);
      if (status === 'absent') return undefined;
      if (status === 'range') {
        const h = await this.head(name);
        if (!h) return undefined;
        throw new RangeNotSatisfiable(h.size);
      }
      throw bucketError(this.config, `reading ${name}`, e);
    }
    const stream = res.Body as Readable;
    const length = res.ContentLength ?? 0;
    // "bytes 0-9/1721": the part sent and the whole object's size
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
    const modified = res.LastModified?.getTime();
    if (m) return { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]), stream, modified };
    // no range asked, or one the server ignored: the whole object, and the answer says so
    return { start: 0, end: length - 1, size: length, stream, modified };
  }

  async head(name: string): Promise<StoredObject | undefined> {
    if (!isObjectName(name)) return undefined;
    try {
      const h = await this.send((o) => this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }), o));
      return { name, size: h.ContentLength ?? 0, modified: h.LastModified?.getTime() ?? 0 };
    } catch (e) {
      if (s3Status(e) === 'absent') return undefined;
      throw bucketError(this.config, `reading ${name}`, e);
    }
  }

  protected async rename(from: string, to: string): Promise<boolean> {
    const Bucket = this.config.bucket;
    try {
      // the copy is a new object: its LastModified is now, which starts the wait of a removed file
      await this.send((o) => this.client.send(new CopyObjectCommand({ Bucket, Key: this.key(to), CopySource: `${Bucket}/${this.key(from)}` }), o));
    } catch (e) {
      if (s3Status(e) === 'absent') return false;
      throw bucketError(this.config, `moving ${from}`, e);
    }
    await this.delete(from);
    return true;
  }

  async delete(name: string): Promise<void> {
    try {
      await this.send((o) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }), o));
    } catch (e) {
      if (s3Status(e) === 'absent') return;
      throw bucketError(this.config, `deleting ${name}`, e);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let ContinuationToken: string | undefined;
    const full = this.config.prefix + prefix;
    do {
      let page: { Contents?: { Key?: string; Size?: number; LastModified?: Date }[]; IsTruncated?: boolean; NextContinuationToken?: string };
      try {
        page = await this.send((o) => this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: full, ContinuationToken }), o));
      } catch (e) {
        throw bucketError(this.config, `listing ${prefix}`, e);
      }
      for (const o of page.Contents ?? []) {
        const name = (o.Key ?? '').slice(this.config.prefix.length);
        if (isObjectName(name)) yield { name, size: o.Size ?? 0, modified: o.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async probe(): Promise<void> {
    const Key = `${this.config.prefix}.ready-${process.pid}-${Date.now()}`;
    await this.send((o) => this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key, Body: 'ok' }), o));
    await this.send((o) => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key }), o));
  }
}
