import { defineConfig } from 'vitest/config';

// Three projects, each runnable alone: `npm run test:unit` (modules beside their code, and the app's plain
// modules in tests/unit), `test:api` (the API on SQLite and PostgreSQL, in process) and `test:e2e` (real
// server processes, the page build and Chromium). `npm test` runs all three after the typecheck and lint.
// The unit and API files of a worker share its modules (isolate: false): the server's modules are imported once
// a worker, not once a file (docs/testing.md); each test app is still an instance of its own.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // end-to-end pages reload, hydrate and fetch on 2 busy cores: a poll waits for that, not for the default 1 s
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // one folder a run for the templates seeded once (tests/setup/global.ts, tests/helpers/templates.ts)
    globalSetup: ['tests/setup/global.ts'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    // tests/e2e run the real server, which loads the page build (build/server/index.js) with Node's own
    // import: #page-context (app/page-context.ts) must be that same module, not a copy Vitest transforms
    server: { deps: { external: [/\/app\/page-context\.ts$/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/console.ts'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], setupFiles: ['tests/setup/console.ts'], isolate: false } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'] } },
    ],
  },
});
