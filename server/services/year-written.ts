// Years as catalogues and reference managers write them (docs/decisions/075-editors-and-years-as-written.md):
// "c1980" (copyright), "©1980", "[1980]" (supplied by the cataloguer), "1980?" (uncertain), "ca. 1980",
// "1984-" (a work still appearing), "1980 (printed 1982)". The year is its first four digits standing alone;
// what surrounds it is kept as a note.

/** A year as written: the year, and the rest of what was written ('' when it was the year alone); undefined when it names none. */
export function yearAsWritten(written: string): { year: number; note: string } | undefined {
  const s = written.slice(0, 200).trim();
  // one pass, no backtracking: four digits not inside a longer number
  const m = /(?<!\d)(\d{4})(?!\d)/.exec(s);
  if (!m) return undefined;
  const year = Number(m[1]);
  const note = s === m[1] ? '' : s;
  return { year, note };
}
