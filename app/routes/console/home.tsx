import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/home.client.tsx';

export default clientScreen(Screen);
