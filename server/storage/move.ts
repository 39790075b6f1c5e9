import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buckets, type Storage, type StoredObject } from './storage.ts';

// `lab storage move --to s3|disk`: copies every object of a lab's storage (stored
// files, those waiting in removed/, image variants) from one back end to the other, under the same names,
// each checked afterwards by size and SHA-256 read back from the target. The source is left as it was:
// the operator switches the environment once the copy is whole, and deletes the old files when satisfied.
// Resumable: run again after a stop, it verifies what the target already holds (same size, same SHA-256)
// and copies only the rest; a copy is written whole or not at all (a local temporary file moved in).

export type MoveSummary = { objects: number; copied: number; alreadyThere: number; bytes: number };

/** A test's way to stop the process at a named step (tests/api/storage-move.test.ts); unset in real use. */
function failpoint(name: string): void {
  if (process.env.LAB_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}

/** The SHA-256 and size of an object's bytes as the back end gives them, or undefined if it has no such object. */
async function digest(storage: Storage, name: string): Promise<{ sha256: string; size: number } | undefined> {
  const got = await storage.get(name);
  if (!got) return undefined;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of got.stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every object of a storage: each bucket's files, those waiting in removed/, the variants. */
async function* everything(storage: Storage): AsyncIterable<StoredObject> {
  for (const b of buckets) yield* storage.list(`${b}/`);
  for (const b of buckets) yield* storage.list(`removed/${b}/`);
  yield* storage.list('variants/');
}

class MoveFailed extends Error {}

/** Copies every object of `from` to `to`, verified; `progress` hears of each. */
export async function moveFiles(from: Storage, to: Storage, progress: (line: string) => void = () => {}): Promise<MoveSummary> {
  const summary: MoveSummary = { objects: 0, copied: 0, alreadyThere: 0, bytes: 0 };
  for await (const o of everything(from)) {
    summary.objects++;
    const there = await to.head(o.name);
    if (there && there.size === o.size) {
      const [a, b] = await Promise.all([digest(from, o.name), digest(to, o.name)]);
      if (a && b && a.sha256 === b.sha256 && a.size === b.size) {
        summary.alreadyThere++;
        continue;
      }
    }
    // source → a local temporary file (hashed on the way) → moved in whole → read back and compared
    const got = await from.get(o.name);
    if (!got) continue; // gone since it was listed (a removed file's day ended)
    const tmp = to.tmpPath();
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(got.stream, count, (await fs.open(tmp, 'wx', 0o600)).createWriteStream());
      if (size !== got.size) throw new MoveFailed(`${o.name}: ${size} bytes read of ${got.size}`);
      await to.moveIn(tmp, o.name);
    } finally {
      await fs.rm(tmp, { force: true });
    }
    const sha256 = hash.digest('hex');
    const check = await digest(to, o.name);
    if (!check || check.sha256 !== sha256 || check.size !== size) throw new MoveFailed(`${o.name}: the copy in ${to.where} differs from ${from.where}`);
    summary.copied++;
    summary.bytes += size;
    progress(`${o.name} (${size} bytes)`);
    failpoint('storage-move:copied-one');
  }
  return summary;
}
