import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/private-data.client.tsx';

export default clientScreen(Screen);
