import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/report.client.tsx';

export default clientScreen(Screen);
