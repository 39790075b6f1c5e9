// Rebuilds server/services/csl/official-styles.json from a checkout of the official CSL styles repository
// (citation-style-language/styles), its files taken verbatim, their authors and licence with them:
//   node scripts/csl-styles.mjs PATH-TO-STYLES-CHECKOUT COMMIT
// Which files: the ids of server/services/csl/styles.ts whose source is 'official'.
import fs from 'node:fs';
import path from 'node:path';

const [dir, commit] = process.argv.slice(2);
if (!dir || !commit) throw new Error('usage: node scripts/csl-styles.mjs PATH-TO-STYLES-CHECKOUT COMMIT');
const ids = ['ieee', 'association-for-computing-machinery', 'nature', 'chicago-author-date'];
const styles = Object.fromEntries(ids.map((id) => [id, fs.readFileSync(path.join(dir, `${id}.csl`), 'utf8')]));
const out = {
  source: `https://github.com/citation-style-language/styles/tree/${commit}`,
  license: 'CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); CSL project: https://citationstyles.org/',
  styles,
};
fs.writeFileSync(new URL('../server/services/csl/official-styles.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
