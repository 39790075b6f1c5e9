// A publication's venue as one reads it in a line: "ACL 2026", never "ACL 2026 2026" when the venue's name
// already holds the year (most conference names do).

/** `source` followed by `year`, unless `source` already names that year as a number of its own. */
export function venueWithYear(source: unknown, year: unknown): string {
  const venue = String(source ?? '').trim();
  const y = year == null || year === '' ? '' : String(year).trim();
  if (!y) return venue;
  if (!venue) return y;
  // the year standing alone: "ACL 2026", "EMNLP 2026 Findings", "'2026" but not "12026"
  const at = venue.indexOf(y);
  for (let i = at; i >= 0; i = venue.indexOf(y, i + 1)) {
    const before = venue[i - 1] ?? '';
    const after = venue[i + y.length] ?? '';
    if (!/\d/.test(before) && !/\d/.test(after)) return venue;
  }
  return `${venue} ${y}`;
}
