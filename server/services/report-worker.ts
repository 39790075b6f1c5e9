import { parentPort } from 'node:worker_threads';
import type { PublicPublication } from '../../common/wire.ts';
import { gbtReferences } from './citations.ts';

// The worker thread a long report's GB/T references are written in (server/services/report-files.ts starts
// it): publications in, their references out. The CSL processor takes about 5 ms a reference, a minute for
// 10,000, which the server's event loop should not carry. Also an entry of the server bundle (vite.server.config.ts).

parentPort?.once('message', async (list: PublicPublication[]) => {
  try {
    parentPort?.postMessage({ references: await gbtReferences(list) });
  } catch (e) {
    parentPort?.postMessage({ error: (e as Error).message });
  }
});
