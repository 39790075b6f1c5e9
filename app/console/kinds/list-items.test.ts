import { describe, expect, it } from 'vitest';
import { splitItems } from './list-items.ts';

// A list field's typed or pasted text as its items: names and keywords.

describe('a list of names as typed or pasted', () => {
  const names = (text: string) => splitItems(text, true);

  it('separates whole names at commas, semicolons and "and"', () => {
    expect(names('Keqin Song, Qinghe Li')).toEqual(['Keqin Song', 'Qinghe Li']);
    expect(names('Keqin Song; Qinghe Li;')).toEqual(['Keqin Song', 'Qinghe Li']);
    expect(names('Keqin Song and Qinghe Li')).toEqual(['Keqin Song', 'Qinghe Li']);
    expect(names('Keqin Song, Qinghe Li, and Wei Zhang')).toEqual(['Keqin Song', 'Qinghe Li', 'Wei Zhang']);
    expect(names('K. Song, Q. Li')).toEqual(['K. Song', 'Q. Li']);
  });

  it('separates Chinese names at 、，； and at an ASCII comma', () => {
    expect(names('张三、李四')).toEqual(['张三', '李四']);
    expect(names('张三，李四；王五')).toEqual(['张三', '李四', '王五']);
    expect(names('张三, 李四')).toEqual(['张三', '李四']);
    expect(names('张三\n李四')).toEqual(['张三', '李四']);
  });

  it('keeps "Last, First" as one name, alone or in a BibTeX list joined by "and"', () => {
    expect(names('Song, Keqin')).toEqual(['Song, Keqin']);
    expect(names('Song, K.')).toEqual(['Song, K.']);
    expect(names('van der Berg, Jan')).toEqual(['van der Berg, Jan']);
    expect(names('King, Jr., Martin Luther')).toEqual(['King, Jr., Martin Luther']);
    expect(names('Song, Keqin and Li, Qinghe')).toEqual(['Song, Keqin', 'Li, Qinghe']);
    expect(names('Song, Keqin; Li, Qinghe')).toEqual(['Song, Keqin', 'Li, Qinghe']);
    // pieces of one word each are never split at the comma: the rule does not guess
    expect(names('Song, Keqin, Li, Qinghe')).toEqual(['Song, Keqin, Li, Qinghe']);
  });

  it('keeps a name with "and" inside a word, trims, makes spaces single and leaves out empty pieces', () => {
    expect(names('Alexander Sandoval')).toEqual(['Alexander Sandoval']);
    expect(names('  Keqin   Song ,  ')).toEqual(['Keqin Song']);
    expect(names(' ;、, and ')).toEqual([]);
    expect(names('')).toEqual([]);
  });

  it('takes time in proportion to the text', () => {
    const long = `${' '.repeat(50_000)}x${' and '.repeat(20_000)}${','.repeat(50_000)}`;
    const start = performance.now();
    expect(names(long)).toEqual(['x']);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('a list of keywords as typed or pasted', () => {
  const items = (text: string) => splitItems(text, false);

  it('keeps the spaces of a keyword and separates at every comma and semicolon', () => {
    expect(items('social computing, graph models')).toEqual(['social computing', 'graph models']);
    expect(items('privacy and security')).toEqual(['privacy and security']);
    expect(items('知识图谱、大模型；智能体，社会仿真')).toEqual(['知识图谱', '大模型', '智能体', '社会仿真']);
    expect(items('agents')).toEqual(['agents']);
    expect(items(' , ')).toEqual([]);
  });
});
