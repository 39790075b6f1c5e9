import { useLocation } from 'react-router';
import { consoleSegment } from '../../../common/resource.ts';
import { resources } from '../../../common/resources/index.ts';
import { declaredScreens } from '../nav.ts';
import { ResourceScreen } from '../resource-screen.tsx';
import NotFound from './not-found.client.tsx';

// The screen of every resource whose declaration has a `console` view (SPEC §2's people, article,
// publication, news and seminar screens): which one is read from the address, /console/{segment}.
// Keyed by the resource, so moving between two of them starts the second afresh.
export default function DeclaredScreen() {
  const segment = useLocation().pathname.split('/')[2]?.toLowerCase();
  const res = declaredScreens(Object.values(resources)).find((r) => consoleSegment(r).toLowerCase() === segment);
  return res ? <ResourceScreen key={res.name} res={res} /> : <NotFound />;
}
