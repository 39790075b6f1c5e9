import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/declared.client.tsx';

// every screen drawn from a declaration (app/routes.ts lists one route per such resource)
export default clientScreen(Screen);
