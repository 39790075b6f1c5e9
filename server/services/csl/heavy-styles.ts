import { Worker } from 'node:worker_threads';
import type { PublicPublication } from '../../../common/wire.ts';
import { Unavailable } from '../../errors.ts';
import { workerFile } from '../../worker-file.ts';

// The shipped styles whose engine citeproc takes seconds to build (styles.ts `heavy`: APA, Chicago) are written
// in one long-lived worker thread (style-worker.ts), which keeps its engines between calls: the first
// reference in Chicago holds a thread 5–8 s, the next ~70 ms, and the main thread holds neither. Started on
// first need (never ahead: a server no one asks for a reference does not pay its memory), ended with the app (server/app.ts's onClose). A call
// not answered within its bound is refused as "not available now": the Cite box leaves the style out, the
// report answers the bilingual error. The worker is not stopped then: it goes on building the engine, and
// the next call finds it built (docs/decisions/083-heavy-styles-off-thread.md).

/** How long a call may wait for its references, its turn in the worker included. */
const HEAVY_MS = 15_000;

/** The style worker's heap. */
const HEAP_MB = 768;

type Answer = { id: number; references?: string[]; error?: string };
type Waiting = { resolve: (refs: string[]) => void; reject: (e: Error) => void };

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, Waiting>();

function started(): Worker {
  if (worker) return worker;
  // its heap bounded (Chicago's and APA's engines take about 200 MB): past it the worker ends, its calls are refused, the next starts another
  const w = new Worker(workerFile(import.meta.url, 'style-worker'), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  // the process may end with it running (a test, a command); the app ends it on close
  w.unref();
  w.on('message', ({ id, references, error }: Answer) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (references) call?.resolve(references);
    else call?.reject(new Error(error ?? 'the style worker failed'));
  });
  const gone = () => {
    if (worker !== w) return;
    worker = undefined;
    for (const call of waiting.values()) call.reject(new Error('the style worker stopped'));
    waiting.clear();
  };
  w.on('error', gone);
  w.on('exit', gone);
  worker = w;
  return w;
}

/**
 * References of `list` in the heavy shipped style `style`, in their order, written in the style worker; an
 * Unavailable error ("csl_busy") when they are not written within `ms`.
 */
export function heavyReferences(list: readonly PublicPublication[], style: string, ms = HEAVY_MS): Promise<string[]> {
  if (list.length === 0) return Promise.resolve([]);
  const id = ++next;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Unavailable('csl_busy', { style }));
    }, ms);
    const settle =
      <T>(then: (v: T) => void) =>
      (v: T) => {
        clearTimeout(timer);
        then(v);
      };
    waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
    started().postMessage({ id, style, list });
  });
}

/** The worker ended (the app closes); a later call starts another. */
export async function closeHeavy(): Promise<void> {
  const w = worker;
  worker = undefined;
  for (const call of waiting.values()) call.reject(new Error('the style worker stopped'));
  waiting.clear();
  await w?.terminate();
}
