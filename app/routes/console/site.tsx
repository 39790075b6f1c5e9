import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/site.client.tsx';

export default clientScreen(Screen);
