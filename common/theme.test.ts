import { describe, expect, it } from 'vitest';
import { themeOfCookie } from './theme.ts';

// The theme a request's cookies choose is one of three values, whatever they hold: the page cache keys by it.

describe('the theme of a request', () => {
  it.each([
    ['theme=dark', 'dark'],
    ['lang=zh; theme=light', 'light'],
    [undefined, 'system'],
    ['', 'system'],
    ['lang=en', 'system'],
    ['theme=', 'system'],
    ['theme=Dark', 'system'],
    ['theme=<script>', 'system'],
    ['theme=%E0%A4%A', 'system'],
    ['theme=dark%20', 'system'],
  ])('%s → %s', (cookie, theme) => {
    expect(themeOfCookie(cookie)).toBe(theme);
  });
});
