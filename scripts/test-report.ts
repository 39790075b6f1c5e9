// After `npm test` (scripts/test.sh): the suite's budget in sight from vitest's JSON report. Prints the 15
// slowest files, each project's files and summed file time, the run's wall time, then the one closing line CI
// reads ("N passed, N failed, N skipped"). With LAB_CI_STARTED (seconds since the epoch, set by .ci/run), CI's
// own duration, installs included. Usage: node scripts/test-report.ts <report.json> [seconds of typecheck+lint]
import fs from 'node:fs';
import path from 'node:path';

type FileResult = { name: string; startTime: number; endTime: number; status: string; assertionResults: unknown[] };
type Report = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  startTime: number;
  testResults: FileResult[];
};

const [file, checksSeconds] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/test-report.ts <report.json> [seconds]');
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const root = path.resolve(import.meta.dirname, '..');
const projectOf = (name: string) =>
  name.includes(`${path.sep}tests${path.sep}api${path.sep}`) ? 'api' : name.includes(`${path.sep}tests${path.sep}e2e${path.sep}`) ? 'e2e' : 'unit';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const files = report.testResults.map((r) => ({
  name: path.relative(root, r.name),
  project: projectOf(r.name),
  ms: Math.max(0, r.endTime - r.startTime),
  tests: r.assertionResults.length,
}));

console.log('\n== the 15 slowest files');
for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 15))
  console.log(`${seconds(f.ms).padStart(9)}  ${f.project.padEnd(4)}  ${f.name} (${f.tests} tests)`);

console.log('\n== per project (file time summed over the workers)');
for (const project of ['unit', 'api', 'e2e']) {
  const own = files.filter((f) => f.project === project);
  if (own.length === 0) continue;
  console.log(
    `${project.padEnd(4)}  ${String(own.length).padStart(3)} files  ${String(own.reduce((n, f) => n + f.tests, 0)).padStart(5)} tests  ${seconds(own.reduce((n, f) => n + f.ms, 0)).padStart(9)}`,
  );
}
const end = Math.max(...report.testResults.map((r) => r.endTime), report.startTime);
console.log(`\nvitest: ${seconds(end - report.startTime)} wall${checksSeconds ? `; typecheck and lint: ${checksSeconds} s` : ''}`);
const ciStarted = Number(process.env.LAB_CI_STARTED);
if (ciStarted) console.log(`CI (.ci/run, installs included): ${Math.round(Date.now() / 1000 - ciStarted)} s`);
// one plain closing line for CI
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`);
