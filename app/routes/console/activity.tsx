import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/activity.client.tsx';

export default clientScreen(Screen);
