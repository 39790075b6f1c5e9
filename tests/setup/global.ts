import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The run's global set-up (vitest's globalSetup, once before any worker starts): a folder for the templates
// seeded once a run (tests/helpers/templates.ts), handed to the workers in LAB_TEST_RUN_DIR and removed at the end;
// and the test databases that runs which died left on the PostgreSQL server (over six hours old) dropped.
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-run-'));
  process.env.LAB_TEST_RUN_DIR = dir;
  try {
    const { dropAbandonedDatabases } = await import('../helpers/templates.ts');
    await dropAbandonedDatabases();
  } catch {
    // no PostgreSQL here: its suites say so themselves (tests/helpers/app.ts)
  }
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
