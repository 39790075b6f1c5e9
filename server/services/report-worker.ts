import { parentPort } from 'node:worker_threads';
import { referencesIn } from './citations.ts';
import { shippedStyle } from './csl/styles.ts';
import { joinTask, reportCsv, reportDocx, reportXlsx, type WorkerMessage, type WorkerTask } from './report-files.ts';

// The worker thread a long report is written in (server/services/report-files.ts starts it): its
// references, its CSV, its whole Word document or its workbook. The CSL processor takes about 5 ms a reference, a
// minute for 10,000, and docx and exceljs write a document in long synchronous steps: the server's event loop should carry
// neither. The task arrives in parts (its head, its long list in pieces, the end). Also an entry of the server bundle
// (vite.server.config.ts).

async function run(task: WorkerTask): Promise<unknown> {
  if (task.task === 'references') return referencesIn(task.list, shippedStyle(task.style));
  if (task.task === 'docx') return reportDocx(task.report, task.lang, task.labName);
  if (task.task === 'csv') return reportCsv(task.report, task.lang);
  return reportXlsx(task.report, task.lang);
}

let head: WorkerTask | undefined;
const parts: (readonly unknown[])[] = [];
parentPort?.on('message', async (message: WorkerMessage) => {
  if ('head' in message) head = message.head;
  else if ('part' in message) parts.push(message.part);
  else if (head)
    try {
      parentPort?.postMessage({ result: await run(joinTask(head, parts)) });
    } catch (e) {
      parentPort?.postMessage({ error: (e as Error).message });
    }
});
