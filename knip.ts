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
  ],
  ignoreDependencies: [
    // bench/run.ts starts node_modules/lighthouse/cli/index.js by path
    'lighthouse',
    // being restructured: server/pages/markdown.ts imports hast's types (from @types/hast, installed by rehype)
    'hast',
  ],
  // Being restructured: the modules below are being rewritten or split now; their unused exports wait for that.
  // server/pages/**: pageSizes, serverBuildPath, TocEntry. server/cache/**: sendStored, askedBefore, CacheState,
  // ReadCache. server/api/auth.ts: accountDelayMs, RESET_ASKS_PER_ADDRESS. common/fields.ts: DATE_RE, TIME_RE,
  // Toggle, TextFormat. common/resource.ts: publicKeys, periodState, consoleIcons, Role, JsonLdPage, ConsoleView,
  // RefineContext. server/public/declared.ts: publicWhere. server/services/content.ts: displayTime,
  // withFallbacks, publicNews, isPublic, isUnpublished, publicSeminar. server/services/history.ts: filesOfRow.
  // app/console/columns.tsx: cellOf. app/console/history-diff.ts: valueText, comparedFields.
  ignoreIssues: {
    'server/pages/**': ['exports', 'types'],
    'server/cache/**': ['exports', 'types'],
    'server/api/auth.ts': ['exports', 'types'],
    'common/fields.ts': ['exports', 'types'],
    'common/resource.ts': ['exports', 'types'],
    'server/public/declared.ts': ['exports', 'types'],
    'server/services/content.ts': ['exports', 'types'],
    'server/services/history.ts': ['exports', 'types'],
    'app/console/columns.tsx': ['exports', 'types'],
    'app/console/history-diff.ts': ['exports', 'types'],
    // being restructured: the field-kind tables, new and still being wired in (consoleKinds, intSchema,
    // serverKinds, WidgetProps, InputCommon, DetailArgs, FieldWrite)
    'common/kinds/**': ['exports', 'types'],
    'server/kinds/**': ['exports', 'types'],
    'app/console/kinds/**': ['exports', 'types'],
  },
};

export default config;
