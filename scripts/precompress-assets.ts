// `npm run build`'s last step: each text file of the browser build (build/client: the hashed scripts, the
// stylesheets, the SVG) gets its brotli (.br, quality 11) and gzip (.gz, level 9) copies beside it, made once
// here at the highest levels rather than at every request at a fast level. The server sends the copy the
// browser accepts (@fastify/static's preCompressed, server/pages/plugin.ts); a copy no smaller is not kept.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'build/client');
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.webmanifest']);
/** Below this the copy would save less than its own headers cost (the compressor's threshold too). */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  files++;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(`precompressed ${files} files of ${dir}: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`);
