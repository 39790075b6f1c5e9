import { createContext } from 'react-router';
import type { PageData } from '../server/pages/page-data.ts';

// The one context token the server's request handler fills and the loaders read (see vite.config.ts:
// it is imported as "#page-context" on both sides so there is a single instance).
export const pageDataContext = createContext<PageData>();

export type { PageData };

/**
 * The random mark of this render's own inline scripts (server/http/csp.ts): React Router writes it as
 * their nonce, the page's policy allows the scripts that carry it, and it is removed before the page is
 * sent. Empty when the server set none (the dev server).
 */
export const scriptMarkContext = createContext<string>('');

/**
 * BASE_PATH on the server side of rendering ('' at the root), read by app/lib/base.ts; in the browser React
 * Router's basename says it. The server installs a reader of the page being rendered (server/pages/plugin.ts),
 * so two apps of one process, each with its own BASE_PATH, render each with its own.
 */
export const serverBasePath: { read: () => string } = { read: () => '' };
