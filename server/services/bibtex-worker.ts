import { parentPort } from 'node:worker_threads';
import { XmlRefused } from './endnote-parse.ts';
import type { ImportFormat } from '../../common/wire.ts';
import { parseText } from './import-formats.ts';

// The worker thread an import's preview is parsed in (server/services/bibtex-import.ts starts it): one text
// and its format in, its entries out, or why the text is refused. Also an entry of the server bundle (vite.server.config.ts).

parentPort?.once('message', async ({ text, format }: { text: string; format: ImportFormat }) => {
  try {
    parentPort?.postMessage({ entries: await parseText(text, format) });
  } catch (e) {
    if (e instanceof XmlRefused) parentPort?.postMessage({ refused: { line: e.line, reason: e.message } });
    else parentPort?.postMessage({ error: (e as Error).message });
  }
});
