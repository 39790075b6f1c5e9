import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json is): the same from the TypeScript sources (server/…) and
 * from the bundle `npm start` runs (build/app/main.js), so build/, public/ and data paths resolve alike.
 */
export const projectRoot = ((): string => {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
    dir = up;
  }
  return dir;
})();
