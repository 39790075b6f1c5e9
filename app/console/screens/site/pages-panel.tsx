import { page } from '../../../../common/resources/page.ts';
import { ResourceScreen } from '../../resource-screen.tsx';

/** The course and shared-task pages, from their declaration; each slug opens its public page. */
export function PagesPanel() {
  return <ResourceScreen res={page} newRecord={() => ({ section: 'course' })} />;
}
