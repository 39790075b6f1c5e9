// Work over many records done in turns: after about SLICE_MS of it, the event loop answers what waits
// (requests, timers) before the next record. The search index's work after a write is done this way
// (never more than 50 ms at a time).

/** How long one turn may hold the event loop. */
const SLICE_MS = 8;

const yieldTurn = () => new Promise<void>((r) => setImmediate(r));

/** A clock of turns: `due()` waits for the event loop when the current turn has run long enough. */
export function turns(sliceMs = SLICE_MS): { due: () => Promise<void> | undefined } {
  let started = performance.now();
  return {
    due() {
      if (performance.now() - started <= sliceMs) return undefined;
      return yieldTurn().then(() => {
        started = performance.now();
      });
    },
  };
}

/** `items.map(fn)`, in turns. */
export async function mapInTurns<T, U>(items: readonly T[], fn: (item: T, index: number) => U, sliceMs = SLICE_MS): Promise<U[]> {
  const clock = turns(sliceMs);
  const out: U[] = [];
  for (const [i, item] of items.entries()) {
    await clock.due();
    out.push(fn(item, i));
  }
  return out;
}
