// The API tests of stored files (uploads, image variants, replaced and removed files, kept versions and the
// trash, failed writes), run again with every test lab's files in a bucket of the test S3 server
// (tests/helpers/s3.ts) instead of DATA_DIR/files (issue #30, point 4). Their suites register here as they
// are imported; the variable is set first, and each test file has modules of its own.
process.env.LAB_TEST_STORAGE = 's3';
await import('./files.test.ts');
await import('./atomic-writes.test.ts');
await import('./history.test.ts');
await import('./ranges.test.ts');
await import('./orphans.test.ts');

const { expect, it } = await import('vitest');
const { makeApp } = await import('../helpers/app.ts');
it('runs them with the files in a bucket', async () => {
  const t = await makeApp('sqlite');
  try {
    expect(t.app.lab.storage.kind).toBe('s3');
  } finally {
    await t.close();
  }
});
