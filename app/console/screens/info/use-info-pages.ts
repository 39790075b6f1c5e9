import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { colon } from '../../../../common/lang.ts';
import { info } from '../../../../common/resources/info.ts';
import { useT } from '../../../i18n/index.tsx';
import { ApiFailure, api } from '../../api.ts';
import { validate } from '../../forms.ts';
import { useAction, useNotify } from '../../ui.tsx';
import { byOrder, type InfoPage, wire } from './draft.ts';

// The info screen's calls (SPEC §4/§7): the list, add (POST), delete (DELETE ?iid=) and the whole list
// saved at once (PUT /api/info/). Each is checked with the server's schema first and runs through
// useAction (busy, then the green or red message); the list is reloaded before the action ends.

export function useInfoPages() {
  const { t, lang } = useT();
  const notify = useNotify();
  const { busy, run } = useAction();
  const list = useQuery({ queryKey: [info.name], queryFn: () => api.get<InfoPage[]>(info.path) });
  const stored = useMemo(() => [...(list.data ?? [])].sort(byOrder), [list.data]);

  /** Reloads the list and returns it in tab order. */
  async function reload(): Promise<InfoPage[]> {
    const fresh = await list.refetch();
    return [...(fresh.data ?? [])].sort(byOrder);
  }

  /** Adds a last page named `aspect` and selects it; resolves the problems the dialog shows (none: added). */
  async function add(aspect: string, select: (iid: number | null) => void): Promise<Record<string, string>> {
    const body = { iid: -1, aspect: aspect.trim(), markdown: '', order: stored.length };
    const problems = validate(info, 'create', body, lang);
    if (Object.keys(problems).length > 0) return problems;
    const before = new Set(stored.map((p) => p.iid));
    let refused: Record<string, string> = {};
    await run(
      async () => {
        await api.send('POST', info.path, body);
        const fresh = await reload();
        // the new page is the one that was not there before; it is last by its order
        select((fresh.find((p) => !before.has(p.iid)) ?? fresh.at(-1))?.iid ?? null);
      },
      () => t('console.added'),
      (e) => {
        refused = e instanceof ApiFailure ? { aspect: e.lines().join('; ') } : {};
      },
    );
    return refused;
  }

  /** Deletes a page, then selects the first one left. */
  const remove = (iid: number, select: (iid: number | null) => void) =>
    run(
      async () => {
        await api.del(`${info.path}?iid=${iid}`);
        select((await reload())[0]?.iid ?? null);
      },
      () => t('console.deleted'),
    );

  /** Sends the whole list; resolves whether it was saved. */
  async function saveList(all: InfoPage[]): Promise<boolean> {
    const problems = all.map((p) => validate(info, 'update', { aspect: p.aspect, markdown: p.markdown, order: p.order }, lang));
    const lines = problems.flatMap((found) => Object.entries(found).map(([field, message]) => `${field}${colon(lang)}${message}`));
    if (lines.length > 0) {
      notify.lines(lines);
      return false;
    }
    return run(
      async () => {
        await api.json('PUT', info.path, all.map(wire));
        await reload();
      },
      () => t('console.saved'),
    );
  }

  return { list, stored, busy, add, remove, saveList };
}
