import { describe, expect, it } from 'vitest';
import { venueWithYear } from './venue.ts';

// A publication's venue and year in one line, the year once.

describe('a venue with its year', () => {
  it('adds the year only where the venue does not already name it', () => {
    expect(venueWithYear('ACL 2026', 2026)).toBe('ACL 2026');
    expect(venueWithYear('Findings of EMNLP 2026 (short)', '2026')).toBe('Findings of EMNLP 2026 (short)');
    expect(venueWithYear('Journal of Testing', 2024)).toBe('Journal of Testing 2024');
    // another year, or the digits inside a longer number, are not the year
    expect(venueWithYear('ACL 2025', 2026)).toBe('ACL 2025 2026');
    expect(venueWithYear('Volume 12026', 2026)).toBe('Volume 12026 2026');
    expect(venueWithYear('Proc. 20261', 2026)).toBe('Proc. 20261 2026');
    expect(venueWithYear('', 2026)).toBe('2026');
    expect(venueWithYear('ACL', null)).toBe('ACL');
  });
});
