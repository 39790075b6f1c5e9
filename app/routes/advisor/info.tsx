import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../advisor/screens/info.client.tsx';

export default clientScreen(Screen);
