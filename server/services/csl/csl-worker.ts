import { parentPort } from 'node:worker_threads';
import type { CSL } from '@citation-js/core';
import { citeJs } from '../citations.ts';
import { numbersReferences, unnumbered } from './styles.ts';

// The worker thread an administrator's own CSL style writes references in (custom-styles.ts starts it and
// ends it when it takes too long): a style, its items in, their references out, in the items' order. Also an
// entry of the server bundle (vite.server.config.ts).

type Task = { xml: string; items: CSL[] };

parentPort?.once('message', async ({ xml, items }: Task) => {
  try {
    const Cite = await citeJs();
    const { plugins } = await import('@citation-js/core');
    (plugins.config.get('@csl') as { styles: { add: (name: string, xml: string) => void } }).styles.add('custom', xml);
    const entries = new Cite(items).format('bibliography', { format: 'text', template: 'custom', lang: 'en-US', asEntryArray: true }) as [string, string][];
    // a numbered style's number is left out, as a shipped one's is (styles.ts)
    const numbered = numbersReferences(xml);
    const byId = new Map(entries.map(([id, text]) => [id, numbered ? unnumbered(text.trim()) : text.trim()]));
    parentPort?.postMessage({ references: items.map((i) => byId.get(String(i.id)) ?? '') });
  } catch (e) {
    parentPort?.postMessage({ error: (e as Error).message });
  }
});
