import { describe, expect, it } from 'vitest';
import { blankPage, type DraftState, draftReducer, type InfoPage, initialDraft, viewOf } from '../../app/console/screens/info/draft.ts';

// The info screen's state (app/console/screens/info/draft.ts): which tab shows, and edit mode's draft of
// the whole list, from the actions of SPEC §2 console/info.

const stored: InfoPage[] = [
  { iid: 1, aspect: 'Equipment', markdown: '# Equipment', order: 0 },
  { iid: 2, aspect: 'Rules', markdown: '', order: 1 },
];
const editing = (): DraftState => draftReducer(initialDraft, { type: 'edit', stored });

describe('the info draft', () => {
  it('starts in view mode on the first stored page, which is not dirty', () => {
    expect(viewOf(initialDraft, stored)).toEqual({ pages: stored, current: stored[0], dirty: false });
  });

  it('shows the selected tab, and the first when the selected one is gone', () => {
    const second = draftReducer(initialDraft, { type: 'select', iid: 2 });
    expect(viewOf(second, stored).current?.iid).toBe(2);
    expect(viewOf(draftReducer(initialDraft, { type: 'select', iid: 99 }), stored).current?.iid).toBe(1);
    expect(viewOf(initialDraft, []).current).toBeUndefined();
  });

  it('edits a copy: a change leaves the stored list alone and makes the draft dirty', () => {
    const state = draftReducer(editing(), { type: 'change', iid: 2, patch: { markdown: 'new text' } });
    expect(state.draft?.find((p) => p.iid === 2)?.markdown).toBe('new text');
    expect(stored[1]?.markdown).toBe('');
    const view = viewOf(state, stored);
    expect(view.pages).toBe(state.draft);
    expect(view.dirty).toBe(true);
    expect(viewOf(editing(), stored).dirty).toBe(false);
  });

  it('a change back to the stored text is no longer dirty', () => {
    const changed = draftReducer(editing(), { type: 'change', iid: 1, patch: { aspect: 'Tools' } });
    const back = draftReducer(changed, { type: 'change', iid: 1, patch: { aspect: 'Equipment' } });
    expect(viewOf(back, stored).dirty).toBe(false);
  });

  it('ignores a change in view mode', () => {
    expect(draftReducer(initialDraft, { type: 'change', iid: 1, patch: { aspect: 'x' } })).toBe(initialDraft);
  });

  it('a blank aspect selects its page with the message; editing the aspect clears it, the markdown does not', () => {
    const cleared = draftReducer(editing(), { type: 'change', iid: 2, patch: { aspect: ' ' } });
    const blank = blankPage(cleared.draft ?? []);
    expect(blank?.iid).toBe(2);
    const flagged = draftReducer(cleared, { type: 'blank', iid: 2, error: 'required' });
    expect(flagged).toMatchObject({ selected: 2, aspectError: 'required' });
    expect(draftReducer(flagged, { type: 'change', iid: 2, patch: { markdown: 'text' } }).aspectError).toBe('required');
    expect(draftReducer(flagged, { type: 'change', iid: 2, patch: { aspect: 'Rules' } }).aspectError).toBeUndefined();
    // another tab clears it too
    expect(draftReducer(flagged, { type: 'select', iid: 1 }).aspectError).toBeUndefined();
    expect(blankPage(stored)).toBeUndefined();
  });

  it('closing (saved or discarded) returns to view mode on the same tab, without the message', () => {
    const flagged = draftReducer(editing(), { type: 'blank', iid: 2, error: 'required' });
    const closed = draftReducer(flagged, { type: 'close' });
    expect(closed).toEqual({ selected: 2, draft: null, aspectError: undefined });
    expect(viewOf(closed, stored).pages).toBe(stored);
  });
});
