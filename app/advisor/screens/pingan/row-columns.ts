import type { ReportRow } from '../../../../common/advisor.ts';
import { useT } from '../../../i18n/index.tsx';
import type { Column } from '../../tables.tsx';

/** The columns of a table of students: name, student number and report status. */
export function useRowColumns(): Column<ReportRow>[] {
  const { t } = useT();
  return [
    { key: 'realname', label: t('advisor.name'), value: (r) => r.realname },
    { key: 'xgh', label: t('advisor.xgh'), value: (r) => r.xgh },
    { key: 'status', label: t('advisor.status'), value: (r) => r.status || t('advisor.statusNone') },
  ];
}
