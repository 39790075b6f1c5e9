import { afterEach, beforeEach, vi } from 'vitest';

// console.error in a unit or API test fails it, as epic-stack's set-up does: an error printed and passed over is
// a bug that no assertion sees. A test that expects one says so by silencing it itself:
// `vi.spyOn(console, 'error').mockImplementation(() => {})`, which takes the place of the recorder below.
let printed: unknown[][] = [];

beforeEach(() => {
  printed = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    printed.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const seen = printed.splice(0);
  if (seen.length > 0) {
    const first = seen[0]?.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
    throw new Error(`console.error was called ${seen.length} time(s) in this test; the first: ${first?.slice(0, 2000)}`);
  }
});
