import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The run's global set-up (vitest's globalSetup, once before any worker starts): a folder for the templates
// seeded once a run (tests/helpers/templates.ts), handed to the workers in LAB_TEST_RUN_DIR and removed at the end.
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-run-'));
  process.env.LAB_TEST_RUN_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
