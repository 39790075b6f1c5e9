import { parentPort } from 'node:worker_threads';
import { parseEntries } from './bibtex-parse.ts';

// The worker thread a BibTeX preview is parsed in (server/services/bibtex-import.ts starts it): one text
// in, its entries out. Also an entry of the server bundle (vite.server.config.ts).

parentPort?.once('message', async (text: string) => {
  try {
    parentPort?.postMessage({ entries: await parseEntries(text) });
  } catch (e) {
    parentPort?.postMessage({ error: (e as Error).message });
  }
});
