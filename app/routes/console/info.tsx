import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/info/index.client.tsx';

export default clientScreen(Screen);
