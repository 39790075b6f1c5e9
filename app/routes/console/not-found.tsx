import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/not-found.client.tsx';

export default clientScreen(Screen);
