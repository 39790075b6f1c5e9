// `npm run build`: the server runs its TypeScript directly on Node 24 (type stripping), so the build
// checks that every server module loads; the page build joins here with the public site.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
await import(pathToFileURL(path.join(root, 'server', 'app.ts')).href);
await import(pathToFileURL(path.join(root, 'cli', 'demo', 'seed.ts')).href);
console.log('build: server modules load; nothing else to build yet.');
