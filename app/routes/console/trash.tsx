import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/trash.client.tsx';

export default clientScreen(Screen);
