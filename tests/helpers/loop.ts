// How long the event loop was held, on a machine other work also runs on.

/**
 * The longest time the event loop was held while watched (ms): for each gap between ticks of a 1 ms timer,
 * the CPU time this thread spent in it. A gap spent waiting for a core (the machine's other processes) is
 * not a hold, so a bound on it holds on a busy machine, where a bound on wall time would not.
 */
export function loopHolds(): { stop: () => number } {
  const cpu = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  };
  let wall = performance.now();
  let used = cpu();
  let longest = 0;
  const timer = setInterval(() => {
    const w = performance.now();
    const c = cpu();
    longest = Math.max(longest, Math.min(w - wall, c - used));
    wall = w;
    used = c;
  }, 1);
  return {
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}
