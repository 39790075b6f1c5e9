import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/news.client.tsx';

export default clientScreen(Screen);
