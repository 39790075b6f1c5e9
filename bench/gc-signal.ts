// Preloaded into the benchmarked server (node --expose-gc --import): SIGUSR2 runs a full garbage
// collection, so the bench reads the memory really held rather than garbage not yet collected, and
// writes where it is (V8's heap, outside it) to BENCH_MEMORY_FILE.
import fs from 'node:fs';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  const last = fs.existsSync('/tmp/perfinv/gcmode');
  (globalThis as { gc?: (o?: object) => void }).gc?.(last ? { type: 'major', execution: 'sync', flavor: 'last-resort' } : undefined);
  const file = process.env.BENCH_MEMORY_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), heap: v8.getHeapStatistics(), spaces: v8.getHeapSpaceStatistics() }));
});
