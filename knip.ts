import type { KnipConfig } from 'knip';

// `npm run lint` runs knip after Biome: files no entry reaches, dependencies nothing imports (or imports
// undeclared), and exports no other module uses. Knip's own plugins read the rest: React Router
// (react-router.config.ts, app/routes.ts, app/root.tsx, app/entry.{server,client}.tsx), Vite and Vitest
// (vite.config.ts, vitest.config.ts's projects, setup files and global setup).
const config: KnipConfig = {
  entry: [
    // what package.json's scripts, Vite configs and shell scripts start by path, which knip cannot follow
    // (server/main.ts and the worker threads are found in vite.server.config.ts's inputs)
    'server/dev.ts',
    'cli/lab.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    'security/**/*.ts',
    'tests/fixtures/**/*.ts',
    // Kysely calls a migration's `up` and `down` through the list in server/db/database.ts
    'server/db/migrations/*.ts',
  ],
  project: ['**/*.{ts,tsx,mjs}'],
  ignoreBinaries: [
    // system tools the report's end-to-end test uses when present (LibreOffice, poppler-utils)
    'soffice',
    'pdfinfo',
    'pdftotext',
    // security/outside/run.sh checks it is installed before the checks run
    'sqlite3',
    // tests/helpers/tls.ts makes throwaway certificates with it (Debian's openssl, with nginx's tests)
    'openssl',
    // tests/unit/gbt7714-bibtex.test.ts runs BibTeX with gbt7714's .bst (Debian's texlive-bibtex-extra, installed by .ci/run)
    'bibtex',
    'kpsewhich',
  ],
  ignoreDependencies: [
    // bench/run.ts starts node_modules/lighthouse/cli/index.js by path
    'lighthouse',
    // server/pages/markdown.ts imports hast's syntax-tree types, which come with rehype (its @types/hast)
    'hast',
  ],
};

export default config;
