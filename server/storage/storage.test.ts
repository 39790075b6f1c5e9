import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { safeFileName } from './storage.ts';

// safeFileName on hostile lengths (long file names): a name of a million characters must be
// cut in one pass, not one character at a time with the byte length counted again each time
// (quadratic: minutes for 1 MB, with the request's event loop blocked all along).
//
// The call runs in a worker thread, timed there, so that a slow implementation is stopped at the
// deadline (worker.terminate()) instead of holding this test process for minutes.

type Timed = { ms: number; name: string };

const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url).then(({ safeFileName }) => {
  const original = workerData.unit.repeat(workerData.count) + workerData.ext;
  const started = performance.now();
  const name = safeFileName(original);
  parentPort.postMessage({ ms: performance.now() - started, name });
});
`;

function safeFileNameInWorker(unit: string, count: number, ext: string, deadlineMs: number): Promise<Timed | 'timeout'> {
  const worker = new Worker(workerCode, { eval: true, workerData: { url: new URL('./storage.ts', import.meta.url).href, unit, count, ext } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve('timeout');
    }, deadlineMs);
    worker.once('message', (m: Timed) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('safeFileName', () => {
  it('keeps short names as they are', () => {
    expect(safeFileName('Paper Final.pdf')).toBe('Paper Final.pdf');
    expect(safeFileName('论文.pdf')).toBe('论文.pdf');
  });

  it('cuts a name of a million characters at once, to 180 bytes, keeping the extension', { timeout: 20_000 }, async () => {
    const got = await safeFileNameInWorker('a', 1_000_000, '.pdf', 15_000);
    expect(got, 'safeFileName did not return within 15 s').not.toBe('timeout');
    const { ms, name } = got as Timed;
    expect(ms).toBeLessThan(2000);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(bytes(name)).toBeLessThanOrEqual(180);
  });

  it('cuts a 300,000-character Chinese name on a character boundary', { timeout: 20_000 }, async () => {
    const got = await safeFileNameInWorker('文', 300_000, '.txt', 15_000);
    expect(got, 'safeFileName did not return within 15 s').not.toBe('timeout');
    const { ms, name } = got as Timed;
    expect(ms).toBeLessThan(2000);
    expect(name.endsWith('.txt')).toBe(true);
    expect(bytes(name)).toBeLessThanOrEqual(180);
    // no half character left behind (it would come back as U+FFFD)
    expect(name).not.toContain('\ufffd');
    expect(Buffer.from(name, 'utf8').toString('utf8')).toBe(name);
    expect(name.startsWith('文')).toBe(true);
  });
});
