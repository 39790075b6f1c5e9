// The API tests of stored files (uploads, image variants, replaced and removed files, kept versions and the
// trash, failed writes), run again with every test lab's files in a bucket of the test S3 server
// (tests/helpers/s3.ts) instead of DATA_DIR/files. Their suites register here as they
// are imported, as modules of their own (`?s3`: the worker's other files may have imported the same files
// already, and its modules are shared); the variable holds while this file runs and is given back after it.
import { afterAll, expect, it } from 'vitest';

const before = process.env.LAB_TEST_STORAGE;
process.env.LAB_TEST_STORAGE = 's3';
afterAll(() => {
  if (before === undefined) delete process.env.LAB_TEST_STORAGE;
  else process.env.LAB_TEST_STORAGE = before;
});

const suites = ['files', 'atomic-writes', 'history', 'ranges', 'orphans', 'guide-resource'];
for (const name of suites) await import(/* @vite-ignore */ `./${name}.test.ts?s3`);

const { makeApp } = await import('../helpers/app.ts');
it('runs them with the files in a bucket', async () => {
  const t = await makeApp('sqlite');
  try {
    expect(t.app.lab.storage.kind).toBe('s3');
  } finally {
    await t.close();
  }
});
