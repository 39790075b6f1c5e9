import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../advisor/screens/pingan/index.client.tsx';

export default clientScreen(Screen);
