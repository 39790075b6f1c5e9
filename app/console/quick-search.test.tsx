import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { searchKinds } from '../../common/search.ts';
import { Marked } from '../components/marked.tsx';
import { editAddress, targetOf } from './record-targets.ts';

// Where the console's quick search takes a member for each kind of result, and how a
// result's marked words are drawn.

describe('the quick search', () => {
  it('draws the matched words in <mark> as text, never as markup', () => {
    const html = renderToStaticMarkup(<Marked segments={[{ text: 'Who <b>Wins</b> ' }, { text: 'Persuasiveness', hit: true }, { text: ' & more' }]} />);
    expect(html).toBe('<span>Who &lt;b&gt;Wins&lt;/b&gt; </span><mark>Persuasiveness</mark><span> &amp; more</span>');
  });

  it('takes an administrator to the screen that edits every kind of result', () => {
    const at = (kind: (typeof searchKinds)[number], key: string) => targetOf({ kind, id: `${kind}:${key}` }, true);
    expect(at('publication', '12')).toMatchObject({ screen: '/console/publication', id: '12' });
    expect(at('article', '3')).toMatchObject({ screen: '/console/article', id: '3' });
    expect(at('news', '8')).toMatchObject({ screen: '/console/news', id: '8' });
    expect(at('opensource', '6')).toMatchObject({ screen: '/console/site?tab=showcase', id: '6' });
    // a member and a page are named by their public key: found in the list their screen loads
    const person = at('person', 'zhangsan');
    expect(person?.screen).toBe('/console/people');
    const people = [
      { pid: 1, username: 'lisi' },
      { pid: 2, username: 'zhangsan' },
    ];
    expect(person && 'find' in person && person.find(people)).toEqual({ pid: 2, username: 'zhangsan' });
    const pages = [
      { gid: 4, section: 'course', slug: 'ArgMine-2026' },
      { gid: 5, section: 'sharedtask', slug: 'ArgMine-2026' },
    ];
    const task = at('sharedtask', 'argmine-2026');
    expect(task?.screen).toBe('/console/site');
    // the slug within its section, whatever its case
    expect(task && 'find' in task && task.find(pages)).toMatchObject({ gid: 5 });
    const course = at('course', 'ArgMine-2026');
    expect(course && 'find' in course && course.find(pages)).toMatchObject({ gid: 4 });
    for (const kind of searchKinds) expect(at(kind, '1'), kind).toBeDefined();
  });

  it('gives an ordinary member only what members edit', () => {
    const editable = searchKinds.filter((kind) => targetOf({ kind, id: `${kind}:1` }, false));
    expect(editable).toEqual(['publication', 'article']);
  });

  it('adds the record to the screen’s address, after its tab', () => {
    expect(editAddress('/console/publication', 7)).toBe('/console/publication?edit=7');
    expect(editAddress('/console/site?tab=showcase', '6')).toBe('/console/site?tab=showcase&edit=6');
  });
});
