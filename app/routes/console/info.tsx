import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/info.client.tsx';

export default clientScreen(Screen);
