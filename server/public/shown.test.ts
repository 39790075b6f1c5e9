import { describe, expect, it } from 'vitest';
import { publicText, shownLanguage } from './shown.ts';

describe('a record’s text as a visitor reads it', () => {
  const row = { zid: 3, title_zh: '奖', title_en: '', tags: ['a', 'b'] };
  it('reads a pair in the reader’s language, else the other, and a field as it is', () => {
    expect(publicText(row, 'title', 'en')).toBe('奖');
    expect(shownLanguage(row, 'title', 'en')).toBe('zh');
    expect(shownLanguage(row, 'title', 'zh')).toBe('zh');
    expect(publicText(row, 'tags', 'zh')).toBe('a, b');
  });
});
