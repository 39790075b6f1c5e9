import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../advisor/screens/pingan.client.tsx';

export default clientScreen(Screen);
