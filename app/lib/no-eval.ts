import { z } from 'zod';

// The script policy allows no eval (server/http/csp.ts). In the browser zod must not compile its parsers
// with `new Function`: it would try, and the attempt alone is a reported violation. The console's and
// the advisor area's layout routes import this first: a page's route modules are evaluated parent first
// and before entry.client, so it runs before any of their modules builds a schema. The public pages load
// no zod at all. The server keeps zod's compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });
