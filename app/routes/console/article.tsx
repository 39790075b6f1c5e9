import { clientScreen } from '../../console/client-screen.ts';
import Screen from '../../console/screens/article.client.tsx';

export default clientScreen(Screen);
