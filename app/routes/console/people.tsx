import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/people.client.tsx';

export default clientScreen(Screen);
