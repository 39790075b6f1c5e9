import { parentPort } from 'node:worker_threads';
import type { PublicPublication } from '../../../common/wire.ts';
import { referencesIn } from '../citations.ts';
import { shippedStyle } from './styles.ts';

// The long-lived worker thread the heavy shipped styles are written in (heavy-styles.ts starts it): a
// call's publications and style in, their references out, tagged with the call's number. citation-js keeps
// each style's engine, so only a style's first call builds it. Also an entry of the server bundle (vite.server.config.ts).

type Task = { id: number; style: string; list: PublicPublication[] };

parentPort?.on('message', async ({ id, style, list }: Task) => {
  try {
    const found = shippedStyle(style);
    if (!found) throw new Error(`no shipped style ${style}`);
    parentPort?.postMessage({ id, references: await referencesIn(list, found) });
  } catch (e) {
    if (id) parentPort?.postMessage({ id, error: (e as Error).message });
  }
});
