import { describe, expect, it } from 'vitest';
import { hitRanges, indexTerms, marked, QUERY_LIMITS, queryTerms, snippet, textOfHtml, textOfMarkdown } from './text.ts';

const shown = (segments: { text: string; hit?: true }[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe('search terms', () => {
  it('folds case, accents and full-width letters', () => {
    expect(indexTerms('Résumé ＢＥＲＴ naïve')).toEqual(['resume', 'bert', 'naive']);
    expect(queryTerms('RESUME').terms).toEqual(['resume']);
  });

  it('indexes Chinese as pairs and the last character, and asks a word as its pairs', () => {
    expect(indexTerms('情感分析')).toEqual(['情感', '感分', '分析', '析']);
    expect(indexTerms('王')).toEqual(['王']);
    expect(queryTerms('情感').terms).toEqual(['情感']);
    expect(queryTerms('情感分析').terms).toEqual(['情感', '感分', '分析']);
    expect(queryTerms('王').terms).toEqual(['王']);
  });

  it('splits mixed text between scripts', () => {
    expect(indexTerms('基于BERT的情感')).toEqual(['基于', '于', 'bert', '的情', '情感', '感']);
    expect(queryTerms('BERT 情感').terms).toEqual(['bert', '情感']);
  });

  it('bounds a query: its length and its number of terms', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(queryTerms(long).terms).toHaveLength(QUERY_LIMITS.terms);
    expect(queryTerms('x'.repeat(500)).terms[0]).toHaveLength(QUERY_LIMITS.chars);
    expect(queryTerms('  ,.;!  ').terms).toEqual([]);
  });
});

describe('marking what matched', () => {
  it('marks whole words a prefix begins, keeping the original spelling', () => {
    const q = queryTerms('summar resume');
    expect(shown(marked('Abstractive Summarization of Résumés', q))).toBe('Abstractive [Summarization] of [Résumés]');
  });

  it('marks a short term only as a whole word', () => {
    expect(shown(marked('an AI agent', queryTerms('ai')))).toBe('an [AI] agent');
    expect(hitRanges('again', queryTerms('ag'))).toEqual([]);
  });

  it('marks Chinese words inside runs', () => {
    expect(shown(marked('面向社交媒体的情感分析方法', queryTerms('情感分析')))).toBe('面向社交媒体的[情感分析]方法');
    expect(shown(marked('张明华', queryTerms('明华')))).toBe('张[明华]');
  });

  it('cuts a snippet around the first match with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(30)}graph neural networks ${'dolor sit '.repeat(30)}`;
    const s = shown(snippet(text, queryTerms('graph'), 80));
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('[graph]');
    expect(s.length).toBeLessThan(100);
  });

  it('starts a snippet at the beginning when nothing in it matched', () => {
    expect(shown(snippet('short text', queryTerms('other')))).toBe('short text');
  });
});

describe('text of stored content', () => {
  it('reads HTML as text: entities decoded, blocks apart, inline elements joined', () => {
    expect(textOfHtml('<p>A&amp;B <b>bo</b>ld</p><p>next&nbsp;one</p>')).toBe('A&B bold next one');
  });

  it('reads markdown as its words: no link addresses, code kept', () => {
    const text = textOfMarkdown('# Title\n\nSee [the paper](https://example.org/x) and `code`.\n\n| a | b |\n|---|---|\n| c | d |');
    expect(text).toContain('Title');
    expect(text).toContain('the paper');
    expect(text).toContain('code');
    expect(text).not.toContain('example.org');
    expect(text).toContain('c');
  });
});
