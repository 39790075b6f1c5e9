import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/seminar.client.tsx';

export default clientScreen(Screen);
