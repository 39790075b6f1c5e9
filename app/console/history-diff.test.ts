import { describe, expect, it } from 'vitest';
import { article, person, publication } from '../../common/resources/index.ts';
import { collapse, diffRecords, listDiff, type Piece, statesOf, wordDiff } from './history-diff.ts';

// What the History dialog compares. Texts word by word (Chinese too), lists item by
// item, enums and switches by their labels in the reader's language, files by name, images by address;
// who made each version.

/** Pieces as marked-up text: <del>…</del>, <ins>…</ins>, and … for a gap. */
const marked = (pieces: Piece[]) =>
  pieces.map((p) => (p.op === 'del' ? `<del>${p.text}</del>` : p.op === 'ins' ? `<ins>${p.text}</ins>` : p.op === 'gap' ? '[…]' : p.text)).join('');

describe('the word diff', () => {
  it('marks the deleted and the inserted words, keeping the rest as it was', () => {
    expect(marked(wordDiff('The quick brown fox jumps.', 'The slow brown fox jumps high.'))).toBe(
      'The <del>quick</del><ins>slow</ins> brown fox jumps <ins>high</ins>.',
    );
    expect(marked(wordDiff('line one\n\nline two', 'line one\n\nline two'))).toBe('line one\n\nline two');
    expect(wordDiff('', '')).toEqual([]);
    expect(marked(wordDiff('', 'new'))).toBe('<ins>new</ins>');
    expect(marked(wordDiff('old', ''))).toBe('<del>old</del>');
  });

  it('cuts Chinese into words, so a changed word is not a changed sentence', () => {
    expect(marked(wordDiff('实验室今天发布了新的论文', '实验室昨天发布了两篇论文'))).toBe(
      '实验室<del>今天</del><ins>昨天</ins>发布了<del>新的</del><ins>两篇</ins>论文',
    );
  });

  it('shortens long kept stretches around the changes', () => {
    const long = 'word '.repeat(100);
    const pieces = collapse(wordDiff(`${long}old ${long}`, `${long}new ${long}`), 20);
    expect(pieces.map((p) => p.op)).toEqual(['gap', 'same', 'del', 'ins', 'same', 'gap']);
    expect(pieces.filter((p) => p.op === 'same').every((p) => [...p.text].length <= 20)).toBe(true);
    // a short text is left whole
    expect(collapse(wordDiff('a b c', 'a x c'))).toEqual(wordDiff('a b c', 'a x c'));
  });

  it('compares lists item by item, joined by commas', () => {
    expect(marked(listDiff(['Ann', 'Bo', 'Cy'], ['Ann', 'Cy', 'Di']))).toBe('Ann, <del>Bo</del>, Cy, <ins>Di</ins>');
    expect(listDiff([], [])).toEqual([]);
  });
});

describe('two forms of a record compared', () => {
  const before = {
    aid: 1,
    title: 'Graph models at the lab',
    abstract: 'A short abstract.',
    type: 'lab hot topic',
    authors: ['Ann', 'Bo'],
    image_url: '/media/a.png',
    release: false,
    markdown: 'First text.',
    time2: '2026-01-01T00:00:00.000Z',
  };
  const after = { ...before, title: 'Graph models in the lab', type: 'paper reading', authors: ['Ann'], image_url: '/media/b.png', release: true };

  it("gives each declared field its label in the reader's language, and says which changed", () => {
    const en = diffRecords(article, before, after, 'en');
    // every declared field, in declared order; what a read adds (time2) is not compared
    expect(en.map((d) => d.name)).toEqual(Object.keys(article.fields));
    expect(en.filter((d) => d.changed).map((d) => d.label)).toEqual(['Title', 'Cover image', 'Type', 'Authors', 'Published']);
    const zh = diffRecords(article, before, after, 'zh');
    expect(zh.filter((d) => d.changed).map((d) => d.label)).toEqual(['标题', '封面', '类型', '作者', '发布']);
  });

  it('shows enums and switches by their labels, images by address, texts as word diffs', () => {
    const by = (lang: 'zh' | 'en') => Object.fromEntries(diffRecords(article, before, after, lang).map((d) => [d.name, d]));
    expect(by('en').type).toMatchObject({ show: 'value', before: 'Lab Hot Topic', after: 'Paper Reading' });
    expect(by('zh').type).toMatchObject({ show: 'value', before: '实验室热点', after: '论文阅读' });
    expect(by('en').release).toMatchObject({ show: 'value', before: 'Unpublished', after: 'Published', changed: true });
    expect(by('en').image_url).toMatchObject({ show: 'image', before: '/media/a.png', after: '/media/b.png' });
    const title = by('en').title;
    expect(title?.show === 'words' && marked(title.pieces)).toBe('Graph models <del>at</del><ins>in</ins> the lab');
    expect(by('en').markdown).toMatchObject({ changed: false });
  });

  it('shows files by name, and an empty value as empty', () => {
    const [file] = diffRecords(publication, { file1: 'paper.pdf' }, { file1: 'paper-v2.pdf' }, 'en', ['file1']);
    expect(file).toMatchObject({ show: 'file', label: 'Paper (pdf)', before: 'paper.pdf', after: 'paper-v2.pdf', changed: true });
    const [year] = diffRecords(publication, { year: null }, { year: 2024 }, 'en', ['year']);
    expect(year).toMatchObject({ show: 'value', before: '', after: '2024', changed: true });
    // a null and an empty text are the same
    expect(diffRecords(article, { slug: null }, { slug: '' }, 'en', ['slug'])[0]?.changed).toBe(false);
  });

  it('never compares passwords, and compares only the fields asked for (a profile its own)', () => {
    expect(diffRecords(person, {}, {}, 'en').some((d) => d.name.includes('password'))).toBe(false);
    const own = diffRecords(person, { name_en: 'Ann', link_type: 0 }, { name_en: 'Anne', link_type: 1 }, 'en', ['name_en', 'password', 'link_type']);
    expect(own.map((d) => d.name)).toEqual(['name_en', 'link_type']);
    // a choice by its label
    expect(own[1]).toMatchObject({ show: 'value', changed: true });
    expect(own[1]?.show === 'value' && own[1].after).not.toBe('1');
  });
});

describe('the versions of a record', () => {
  it('names who made each form: the author of the update that replaced the form before it', () => {
    // newest first, as the API answers: bo's update replaced ann's form, ann's replaced the first one
    const states = statesOf([
      { rid: 7, at: '2026-03-02T10:00:00.000Z', actor: 'bo' },
      { rid: 4, at: '2026-03-01T10:00:00.000Z', actor: 'ann' },
    ]);
    expect(states.map((s) => s.key)).toEqual(['current', 7, 4]);
    expect(states[0]?.made).toEqual({ at: '2026-03-02T10:00:00.000Z', actor: 'bo' });
    expect(states[1]?.made).toEqual({ at: '2026-03-01T10:00:00.000Z', actor: 'ann' });
    expect(states[1]?.replaced?.actor).toBe('bo');
    // the oldest kept form: its maker is not known, only when it was replaced
    expect(states[2]).toEqual({ key: 4, made: null, replaced: { at: '2026-03-01T10:00:00.000Z', actor: 'ann' } });
    expect(statesOf([])).toEqual([{ key: 'current', made: null, replaced: null }]);
  });
});
