import { parentPort } from 'node:worker_threads';
import { gbtReferences } from './citations.ts';
import { reportDocx, reportXlsx, type WorkerTask } from './report-files.ts';

// The worker thread a long report is written in (server/services/report-files.ts starts it): its GB/T
// references (for the CSV), its whole Word document or its workbook. The CSL processor takes about 5 ms a reference, a
// minute for 10,000, and docx and exceljs write a document in long synchronous steps: the server's event loop should carry
// neither. Also an entry of the server bundle (vite.server.config.ts).

parentPort?.once('message', async (task: WorkerTask) => {
  try {
    const result =
      task.task === 'gbt'
        ? await gbtReferences(task.list)
        : task.task === 'docx'
          ? await reportDocx(task.report, task.lang, task.labName)
          : await reportXlsx(task.report, task.lang);
    parentPort?.postMessage({ result });
  } catch (e) {
    parentPort?.postMessage({ error: (e as Error).message });
  }
});
