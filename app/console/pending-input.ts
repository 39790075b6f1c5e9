import { createContext, type PointerEvent, useContext, useEffect, useRef, useState } from 'react';

// Text typed into a form's field but not yet part of its value (a name typed without Enter). A field adds it
// as it loses the focus, except to a press on one of the form's actions (Save, Preview): the items it adds
// would move the button away between the press and the release, and the click would be lost. The action adds
// it instead, then waits for the form to settle (a publication's authors' member choices follow its authors)
// before it runs.

/** A field's way to add what is typed to its value; whether there was anything. */
type Add = () => boolean;

export type PendingInputs = {
  register(name: string, add: Add): () => void;
  /** Whether a press on one of the form's actions took the focus away: the action adds what is typed. */
  pressingAction(): boolean;
};

const PendingContext = createContext<PendingInputs | null>(null);
export const PendingProvider = PendingContext.Provider;

/** The form's side: its fields' typed text added, and the presses on its actions (marked `data-form-action`). */
export function usePendingInputs() {
  const adds = useRef(new Map<string, Add>());
  const pressing = useRef(false);
  // one object for the form's life: the fields register once
  const [inputs] = useState<PendingInputs>(() => ({
    register(name, add) {
      adds.current.set(name, add);
      return () => {
        if (adds.current.get(name) === add) adds.current.delete(name);
      };
    },
    pressingAction: () => pressing.current,
  }));
  /** Adds what every field holds typed; whether any did. */
  const addAll = (): boolean => {
    pressing.current = false;
    let any = false;
    for (const add of adds.current.values()) any = add() || any;
    return any;
  };
  /** On the form, in the capture phase: whether the press is on one of its actions. */
  const onPointerDownCapture = (e: PointerEvent) => {
    pressing.current = e.target instanceof Element && e.target.closest('[data-form-action]') !== null;
    // a press let go elsewhere clicks nothing: a later blur adds what is typed again
    if (pressing.current) window.addEventListener('pointerup', () => setTimeout(() => (pressing.current = false)), { once: true });
  };
  return { inputs, addAll, onPointerDownCapture };
}

/**
 * Runs an action of the form once what its fields hold typed is added and the form has settled: a render
 * in which `record` did not change. `run(action)` with the action as data; `perform` is this render's.
 */
export function useSettledAction<A>(record: unknown, addAll: () => boolean, perform: (action: A) => void): (action: A) => void {
  const [queued, setQueued] = useState<{ action: A; round: number } | null>(null);
  const seen = useRef<unknown>(undefined);
  useEffect(() => {
    if (!queued) return;
    if (queued.round === 0 || seen.current !== record) {
      seen.current = record;
      setQueued({ action: queued.action, round: queued.round + 1 });
      return;
    }
    setQueued(null);
    perform(queued.action);
  });
  return (action) => {
    if (addAll()) setQueued({ action, round: 0 });
    else perform(action);
  };
}

/** A field's side: `add` registered under its name while it is shown. */
export function usePendingInput(name: string, add: Add): PendingInputs | null {
  const pending = useContext(PendingContext);
  const latest = useRef(add);
  latest.current = add;
  useEffect(() => pending?.register(name, () => latest.current()), [pending, name]);
  return pending;
}
