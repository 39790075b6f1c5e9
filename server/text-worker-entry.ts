import { parentPort } from 'node:worker_threads';
import { render } from './pages/markdown.ts';
import { sanitizedNow } from './services/sanitize.ts';
import type { TextJob } from './text-worker.ts';

// The worker thread of text-worker.ts: a job in, its answer out, one at a time. Also an entry of the server
// bundle (vite.server.config.ts).

parentPort?.on('message', (job: TextJob) => {
  parentPort?.postMessage(job.kind === 'markdown' ? render(job.text) : sanitizedNow(job.text));
});
