// The info screen's state (SPEC §2 console/info): which tab is selected and, in edit mode, the whole list
// being edited (the draft) with the message under the aspect field. Plain functions, so the transitions
// are tested without a browser (tests/unit/info-draft.test.ts).

export type InfoPage = { iid: number; aspect: string; markdown: string; order: number };

export const byOrder = (a: InfoPage, b: InfoPage) => a.order - b.order || a.iid - b.iid;
/** What PUT /api/info/ takes for each page. */
export const wire = (p: InfoPage) => ({ iid: p.iid, aspect: p.aspect, markdown: p.markdown, order: p.order });
const same = (a: InfoPage[], b: InfoPage[]) => a.length === b.length && a.every((p, i) => JSON.stringify(wire(p)) === JSON.stringify(wire(b[i] as InfoPage)));

export type DraftState = {
  /** The tab asked for; a tab that is gone falls back to the first. */
  selected: number | null;
  /** The whole list being edited (edit mode), or null (view mode). */
  draft: InfoPage[] | null;
  aspectError: string | undefined;
};

export type DraftAction =
  /** A tab clicked, or the tab to show after an add or a delete. */
  | { type: 'select'; iid: number | null }
  /** Edit mode, on a copy of the stored list. */
  | { type: 'edit'; stored: InfoPage[] }
  /** A change to one page of the draft; a change of its aspect clears the aspect's message. */
  | { type: 'change'; iid: number; patch: Partial<Pick<InfoPage, 'aspect' | 'markdown'>> }
  /** Saving found a page without an aspect: it is shown with the message. */
  | { type: 'blank'; iid: number; error: string }
  /** Saved or discarded: back to view mode. */
  | { type: 'close' };

export const initialDraft: DraftState = { selected: null, draft: null, aspectError: undefined };

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'select':
      return { ...state, selected: action.iid, aspectError: undefined };
    case 'edit':
      return { ...state, draft: action.stored.map((p) => ({ ...p })) };
    case 'change':
      if (!state.draft) return state;
      return {
        ...state,
        draft: state.draft.map((p) => (p.iid === action.iid ? { ...p, ...action.patch } : p)),
        aspectError: 'aspect' in action.patch ? undefined : state.aspectError,
      };
    case 'blank':
      return { ...state, selected: action.iid, aspectError: action.error };
    case 'close':
      return { ...state, draft: null, aspectError: undefined };
  }
}

/** The pages the tabs show (the draft in edit mode), the current one and whether the draft differs. */
export function viewOf(state: DraftState, stored: InfoPage[]) {
  const pages = state.draft ?? stored;
  const current = pages.find((p) => p.iid === state.selected) ?? pages[0];
  const dirty = state.draft !== null && !same(state.draft, stored);
  return { pages, current, dirty };
}

/** The first page of the draft without an aspect (saving refuses it). */
export const blankPage = (pages: InfoPage[]) => pages.find((p) => !p.aspect.trim());
