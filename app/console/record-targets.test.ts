import { describe, expect, it } from 'vitest';
import { publication } from '../../common/resources/index.ts';
import type { SearchKind } from '../../common/search.ts';
import { targetOf } from './record-targets.ts';

// The console's quick search opens the editor of a result's record; a result of a kind the
// console does not know (a declared public resource another build serves) has no editor to open
// rather than breaking the search box.
describe('targetOf', () => {
  it('opens a fixed kind on its screen, and a member only where the resource lets members edit', () => {
    expect(targetOf({ kind: 'publication', id: 'publication:12' }, true)).toMatchObject({ res: publication, screen: '/console/publication', id: '12' });
    expect(targetOf({ kind: 'news', id: 'news:3' }, false)).toBeUndefined();
  });

  it('has no target for a kind no declaration names', () => {
    expect(targetOf({ kind: 'trophy' as SearchKind, id: 'trophy:1' }, true)).toBeUndefined();
  });
});
