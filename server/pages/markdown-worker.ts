import { parentPort } from 'node:worker_threads';
import { render } from './markdown.ts';

// The worker thread markdown is rendered in (server/pages/markdown.ts starts it): a text in, its HTML and
// table of contents out, one at a time. Also an entry of the server bundle (vite.server.config.ts).

parentPort?.on('message', (markdown: string) => {
  parentPort?.postMessage(render(markdown));
});
