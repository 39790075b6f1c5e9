import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/profile.client.tsx';

export default clientScreen(Screen);
