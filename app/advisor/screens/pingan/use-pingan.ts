import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { addDays } from '../../../../common/advisor.ts';
import { pinganCalls } from './calls.ts';

export type View = 'today' | 'yesterday';

// What the pingan page shows for a date: the base (always), and today's reminder or yesterday's report
// once asked for. Every answer carries the cookie status, the parameters and the reminders: the view's
// answer, when there is one, is the freshest.

export function usePingan(advisor: string | undefined, date: string, view: View | null) {
  const queryClient = useQueryClient();
  const calls = useMemo(() => pinganCalls(advisor), [advisor]);
  const dateYes = addDays(date, -1);

  const base = useQuery({ queryKey: ['pingan', advisor, 1, date], queryFn: () => calls.base(date) });
  const today = useQuery({ queryKey: ['pingan', advisor, 2, date], queryFn: () => calls.today(date), enabled: view === 'today' });
  const yesterday = useQuery({ queryKey: ['pingan', advisor, 3, dateYes], queryFn: () => calls.yesterday(date, dateYes), enabled: view === 'yesterday' });

  const day = view === 'today' ? today.data : view === 'yesterday' ? yesterday.data : undefined;
  return {
    calls,
    dateYes,
    base: base.data,
    day,
    today: today.data,
    yesterday: yesterday.data,
    fetching: base.isFetching || today.isFetching || yesterday.isFetching,
    failure: [today, yesterday, base].find((q) => q.error)?.error,
    /** Reloads every answer of this advisor's page. */
    refresh: () => queryClient.invalidateQueries({ queryKey: ['pingan', advisor] }),
  };
}
