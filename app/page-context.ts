import { createContext } from 'react-router';
import type { PageData } from '../server/pages/page-data.ts';

// The one context token the server's request handler fills and the loaders read (see vite.config.ts:
// it is imported as "#page-context" on both sides so there is a single instance).
export const pageDataContext = createContext<PageData>();

export type { PageData };
