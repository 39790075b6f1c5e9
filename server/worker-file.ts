import fs from 'node:fs';

// Where a worker thread's entry file is: the TypeScript source beside the module that starts it, or in the
// server bundle the entry built from it (vite.server.config.ts), beside main.js or one folder up from a
// chunk in assets/. The address is made from a variable, so the build does not take it for an asset.

const found = new Map<string, URL>();

/** The entry file of worker `name` (e.g. 'bibtex-worker'), for a module whose address is `base` (its import.meta.url). */
export function workerFile(base: string, name: string): URL {
  const key = `${base} ${name}`;
  let file = found.get(key);
  if (!file) {
    const candidates = base.endsWith('.ts') ? [`./${name}.ts`] : [`./${name}.js`, `../${name}.js`];
    file = candidates.map((c) => new URL(c, base)).find((u) => fs.existsSync(u));
    if (!file) throw new Error(`the worker ${name} is missing from this build`);
    found.set(key, file);
  }
  return file;
}
