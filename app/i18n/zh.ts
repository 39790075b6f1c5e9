import { consoleZh } from './console-zh.ts';
import { siteZh } from './site-zh.ts';

// Every Chinese interface text: the site's and the console's. The browser loads the site's alone on a public
// page and the console's with the console (index.tsx, console.ts); this whole set is for types and tests.
export const zh = { ...siteZh, ...consoleZh };

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof zh>;
