import fs from 'node:fs';
import path from 'node:path';
import { ccfColumns, ccfRowsOf, coreColumns, coreRowsOf, listFile } from '../../server/services/venue-rank-files.ts';
import { type Command, fail } from '../command.ts';

/** The bundled rank lists rebuilt from the published ones (server/venue-ranks/README.md). */
function updateRankLists(values: {
  ccf?: string;
  core?: string;
  'ccf-edition'?: string;
  'core-edition'?: string;
  'ccf-source'?: string;
  'core-source'?: string;
}) {
  const dir = path.join(import.meta.dirname, '..', '..', 'server', 'venue-ranks');
  const previous = (name: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  try {
    if (values.ccf) {
      const rows = ccfRowsOf(fs.readFileSync(values.ccf, 'utf8'));
      const { title, source, edition } = previous('ccf.json');
      const head = { system: 'ccf', title: title ?? '', edition: values['ccf-edition'] ?? edition ?? '', source: values['ccf-source'] ?? source ?? '' };
      fs.writeFileSync(path.join(dir, 'ccf.json'), listFile(head, ccfColumns, rows));
      console.log(`CCF ${head.edition}: ${rows.length} venues written to ${path.join(dir, 'ccf.json')}`);
    }
    if (values.core) {
      const rows = coreRowsOf(fs.readFileSync(values.core, 'utf8'));
      const { title, source, edition } = previous('core.json');
      const head = { system: 'core', title: title ?? '', edition: values['core-edition'] ?? edition ?? '', source: values['core-source'] ?? source ?? '' };
      fs.writeFileSync(path.join(dir, 'core.json'), listFile(head, coreColumns, rows));
      console.log(`CORE ${head.edition}: ${rows.length} conferences written to ${path.join(dir, 'core.json')}`);
    }
  } catch (e) {
    fail((e as Error).message);
  }
  console.log('Rebuild (npm run build) and restart the site to use them; server/venue-ranks/README.md names the sources.');
}

export const ranks: Command = {
  usage: `  ranks update [--ccf FILE [--ccf-edition E] [--ccf-source S]]
               [--core FILE [--core-edition E] [--core-source S]]
                               rebuild the venue rank lists in server/venue-ranks/ from CCF's list as
                               CSV (name, full_name, url, level, field, type) and CORE's portal export;
                               a list not given is left as it is; --*-source replaces the file's
                               note of where it came from (else kept)`,
  positionals: [1, 1],
  needs: 'update',
  run({ values, positionals }) {
    if (positionals[0] !== 'update') fail('ranks takes update');
    if (!values.ccf && !values.core) fail('ranks update needs --ccf FILE, --core FILE or both');
    updateRankLists(values);
  },
};
