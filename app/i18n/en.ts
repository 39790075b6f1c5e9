import { consoleEn } from './console-en.ts';
import { siteEn } from './site-en.ts';
import type { Messages } from './zh.ts';

// Every English interface text: the site's and the console's (zh.ts says why they are apart).
export const en: Messages = { ...siteEn, ...consoleEn };
