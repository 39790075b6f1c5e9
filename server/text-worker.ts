import { Worker } from 'node:worker_threads';
import { workerFile } from './worker-file.ts';

// The one worker thread for work on a member's text whose time the text decides: markdown
// rendering (pages/markdown.ts) and the sanitizing of long stored HTML (services/sanitize.ts). One text at a
// time; a job that runs past WORKER_LIMITS.ms, runs out of memory or fails ends the worker, and its caller
// gets the job's fallback (the text shown as written). The event loop only posts the text and takes the answer.

export type TextJob = { kind: 'markdown' | 'html'; text: string };

/** How long one job may take in the worker, and the worker's heap. */
export const WORKER_LIMITS = { ms: 3000, heapMb: 256 };
/** How long the worker may wait for a job before it ends: it holds about 54 MB, an idle server gives them back. */
export const WORKER_IDLE = { ms: 30_000 };

type Queued = { job: TextJob; done: (r: unknown) => void; fallback: () => unknown };
const queue: Queued[] = [];
let worker: Worker | null = null;
let busy = false;
let idleTimer: NodeJS.Timeout | null = null;

/** Whether the worker thread is running (tests). */
export function textWorkerRunning() {
  return worker !== null;
}

/** `job` done in the worker thread; `fallback()` when it could not be done in time or at all. Never rejects. */
export function offThread<T>(job: TextJob, fallback: () => T): Promise<T> {
  return new Promise((done) => {
    queue.push({ job, done: done as (r: unknown) => void, fallback });
    next();
  });
}

/** After WORKER_IDLE.ms without a job, the worker ends; the next job starts a new one. */
function endWhenIdle() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker || busy || queue.length > 0) return;
  const w = worker;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (worker !== w || busy) return;
    worker = null;
    void w.terminate();
  }, WORKER_IDLE.ms);
  // the timer keeps no process alive
  idleTimer.unref();
}

function next() {
  if (busy) return;
  const item = queue.shift();
  if (!item) {
    endWhenIdle();
    return;
  }
  busy = true;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker) {
    worker = new Worker(workerFile(import.meta.url, 'text-worker-entry'), { resourceLimits: { maxOldGenerationSizeMb: WORKER_LIMITS.heapMb } });
    // an idle worker keeps no process alive
    worker.unref();
  }
  const w = worker;
  let settled = false;
  const finish = (answer: () => unknown, stop: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    w.off('message', onMessage);
    w.off('error', onError);
    w.off('exit', onExit);
    if (stop) {
      void w.terminate();
      if (worker === w) worker = null;
    }
    busy = false;
    item.done(answer());
    next();
  };
  const onMessage = (r: unknown) => finish(() => r, false);
  // out of memory, or any failure of the work: the fallback
  const onError = () => finish(item.fallback, true);
  const onExit = () => finish(item.fallback, true);
  const timer = setTimeout(() => finish(item.fallback, true), WORKER_LIMITS.ms);
  timer.unref();
  w.on('message', onMessage);
  w.on('error', onError);
  w.on('exit', onExit);
  w.postMessage(item.job);
}
