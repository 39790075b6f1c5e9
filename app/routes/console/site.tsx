import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/site/index.client.tsx';

export default clientScreen(Screen);
