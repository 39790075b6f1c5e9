import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { site } from '../../../../common/resources/site.ts';
import { useT } from '../../../i18n/index.tsx';
import { ApiFailure, api } from '../../api.ts';
import type { Row } from '../../columns.tsx';
import { bodyOf, useCheck } from '../../forms.ts';
import { useAction, useConfirm } from '../../ui.tsx';
import { settingFields } from './settings-groups.ts';

// The one site settings record: the form's values over the stored record, checked with the server's
// schema (the generic editor's bodyOf and validate), saved with PUT /api/site/ as an update through
// useAction; a refusal's messages go beside their fields too.

/** The messages of a refused save by field (those of no field show in the red message only); null: none. */
function byField(e: unknown): Record<string, string> | null {
  if (!(e instanceof ApiFailure && e.fields)) return null;
  return Object.fromEntries(
    Object.entries(e.fields)
      .filter(([f]) => f)
      .map(([f, ms]) => [f, ms.join('; ')]),
  );
}

export function useSettings() {
  const { t } = useT();
  const check = useCheck();
  const confirm = useConfirm();
  const { busy, run } = useAction();
  const stored = useQuery({ queryKey: [site.name], queryFn: () => api.get<Row>(site.path) });
  const [values, setValues] = useState<Row | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);

  // the form starts from the stored record, and again after each save
  useEffect(() => {
    if (stored.data) {
      setValues({ ...stored.data });
      setDirty(false);
    }
  }, [stored.data]);

  function change(name: string, value: unknown) {
    setValues((cur) => (cur ? { ...cur, [name]: value } : cur));
    setDirty(true);
    setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function save() {
    if (!values) return;
    const body = bodyOf(site, values, settingFields);
    const problems = check(site, 'update', body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await run(
      async () => {
        await api.send('PUT', site.path, body);
        await stored.refetch();
      },
      () => t('console.saved'),
      (e) => {
        // a refusal without field messages (a network failure, say) leaves the form's as they were
        const found = byField(e);
        if (found) setErrors(found);
      },
    );
  }

  // a restored version (history-dialog.tsx) is read again and replaces the form, unsaved changes included;
  // the form remounts, so fields that keep state of their own start from its values
  const [round, setRound] = useState(0);
  async function restored() {
    const fresh = await stored.refetch();
    if (fresh.data) setValues({ ...fresh.data });
    setErrors({});
    setDirty(false);
    setRound((n) => n + 1);
  }

  /** Back to the stored record, after asking. */
  async function reset() {
    if (!stored.data || !(await confirm(t('consoleSite.confirmReset')))) return;
    setValues({ ...stored.data });
    setErrors({});
    setDirty(false);
  }

  return { stored, values, errors, dirty, busy, change, save, reset, restored, round };
}
