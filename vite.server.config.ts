import { defineConfig } from 'vite';

// `npm run build` also bundles the server (server/main.ts → build/app/main.js) for `npm start`: one file
// loads in a fraction of the time Node takes to resolve, read and link the ~1,400 modules it is made
// of, which is most of the start-up (docs/performance.md). Development and the tests run the TypeScript
// sources directly. Left outside the bundle: native addons, what finds its own files next to it
// (swagger-ui's assets, pino's workers), the packages the page build imports too (one React, one React
// Router, one page-context token for both), and Vite itself.
const external = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'react',
  'react-dom',
  'react-router',
  '@react-router/node',
  '#page-context',
  'vite',
];
const isExternal = (id: string) => id.startsWith('node:') || external.some((e) => id === e || id.startsWith(`${e}/`));

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, external, target: 'node' },
  build: {
    ssr: true,
    outDir: 'build/app',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    // the worker threads (the BibTeX import's, the report's, the CSL styles', the text worker's) are entries of their own: files beside main.js (server/worker-file.ts)
    rollupOptions: {
      input: {
        main: 'server/main.ts',
        'bibtex-worker': 'server/services/bibtex-worker.ts',
        'report-worker': 'server/services/report-worker.ts',
        'csl-worker': 'server/services/csl/csl-worker.ts',
        'style-worker': 'server/services/csl/style-worker.ts',
        'text-worker-entry': 'server/text-worker-entry.ts',
      },
      output: { entryFileNames: '[name].js' },
      external: isExternal,
      onwarn: (w, warn) => (w.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(w)),
    },
  },
});
