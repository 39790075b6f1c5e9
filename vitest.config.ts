import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'common/**/*.test.ts', 'server/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    testTimeout: 30_000,
    // end-to-end pages reload, hydrate and fetch on 2 busy cores: a poll waits for that, not for the default 1 s
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    // tests/e2e run the real server, which loads the page build (build/server/index.js) with Node's own
    // import: #page-context (app/page-context.ts) must be that same module, not a copy Vitest transforms
    server: { deps: { external: [/\/app\/page-context\.ts$/] } },
  },
});
