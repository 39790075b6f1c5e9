// What the instance's background jobs did (daily backup, trash purge, …), for /metrics: each job's runs by
// outcome and the time of its last run. Kept in memory: a restart starts the counts again, as Prometheus expects.

export type JobOutcome = 'ok' | 'failed';

export class JobRuns {
  readonly #runs = new Map<string, { ok: number; failed: number; lastMs: number; lastAt: number }>();

  /** A run of `job` ended with `outcome` after `ms` milliseconds. */
  record(job: string, outcome: JobOutcome, ms: number): void {
    const r = this.#runs.get(job) ?? { ok: 0, failed: 0, lastMs: 0, lastAt: 0 };
    r[outcome]++;
    r.lastMs = ms;
    r.lastAt = Date.now();
    this.#runs.set(job, r);
  }

  /** Times `run` and records how it ended; its result or error passes through. */
  async time<T>(job: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await run();
      this.record(job, 'ok', performance.now() - started);
      return result;
    } catch (e) {
      this.record(job, 'failed', performance.now() - started);
      throw e;
    }
  }

  entries(): [string, { ok: number; failed: number; lastMs: number; lastAt: number }][] {
    return [...this.#runs];
  }
}
