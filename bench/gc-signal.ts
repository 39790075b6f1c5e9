// Preloaded into the benchmarked server (node --expose-gc --import, bench/scale.ts): SIGUSR2 runs a full
// garbage collection, then the last-resort one (which also compacts the heap and hands V8's pooled pages
// back), and writes the resident memory after each, with the heap's, as JSON to BENCH_MEMORY_FILE: what
// the process really holds, apart from garbage not yet collected and pages V8 keeps for later.
import fs from 'node:fs';

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor?: 'regular' | 'last-resort' }) => void;

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: Gc }).gc;
  const file = process.env.BENCH_MEMORY_FILE;
  if (!gc || !file) return;
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  gc({ type: 'major', execution: 'sync' });
  const full = process.memoryUsage();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const last = process.memoryUsage();
  fs.writeFileSync(
    file,
    JSON.stringify({
      afterGc: { rss: mb(full.rss), heapUsed: mb(full.heapUsed) },
      afterLastResort: { rss: mb(last.rss), heapUsed: mb(last.heapUsed), heapTotal: mb(last.heapTotal) },
    }),
  );
});
