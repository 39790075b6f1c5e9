import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/publication.client.tsx';

export default clientScreen(Screen);
