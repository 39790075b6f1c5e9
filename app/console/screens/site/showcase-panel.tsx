import { showcase } from '../../../../common/resources/showcase.ts';
import { ResourceScreen } from '../../resource-screen.tsx';

/** The home page's showcase items, from their declaration, with a thumbnail of each image. */
export function ShowcasePanel() {
  return <ResourceScreen res={showcase} newRecord={() => ({ kind: 'carousel' })} />;
}
