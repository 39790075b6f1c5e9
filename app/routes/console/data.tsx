import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/data.client.tsx';

export default clientScreen(Screen);
