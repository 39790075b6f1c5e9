// Preloaded into the benchmarked server (node --expose-gc --import, bench/scale.ts): SIGUSR2 runs a full
// garbage collection, then the last-resort one (which also compacts the heap and hands V8's pooled pages
// back), and writes the resident memory after each, with the heap's, as JSON to BENCH_MEMORY_FILE: what
// the process really holds, apart from garbage not yet collected and pages V8 keeps for later.
// BENCH_ALLOC_PROFILE=<file>: V8's sampling heap profiler runs from the start, counting garbage too, and
// SIGUSR2 writes what was allocated, by function, to that file (a .heapprofile Chrome's DevTools reads).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor?: 'regular' | 'last-resort' }) => void;

const profileFile = process.env.BENCH_ALLOC_PROFILE;
const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

process.on('SIGUSR2', async () => {
  const gc = (globalThis as { gc?: Gc }).gc;
  const file = process.env.BENCH_MEMORY_FILE;
  if (!gc || !file) return;
  if (session && profileFile) {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    fs.writeFileSync(profileFile, JSON.stringify(profile));
  }
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  const before = process.memoryUsage();
  gc({ type: 'major', execution: 'sync' });
  const full = process.memoryUsage();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const last = process.memoryUsage();
  fs.writeFileSync(
    file,
    JSON.stringify({
      // the heap V8 holds before collecting, and the buffers outside it (the response cache's among them)
      beforeGc: { heapTotal: mb(before.heapTotal), heapUsed: mb(before.heapUsed), external: mb(before.external), arrayBuffers: mb(before.arrayBuffers) },
      afterGc: { rss: mb(full.rss), heapUsed: mb(full.heapUsed) },
      afterLastResort: { rss: mb(last.rss), heapUsed: mb(last.heapUsed), heapTotal: mb(last.heapTotal) },
    }),
  );
});
