import { addMessages } from './index.tsx';
import { consoleEn } from './console-en.ts';
import { consoleZh } from './console-zh.ts';

// The console's and the advisor area's texts, added to the site's when their code loads: imported by their
// route layouts (app/routes/console/layout.tsx, app/routes/advisor/layout.tsx), so a public page's scripts
// never carry them (docs/decisions/081-public-page-weight.md).
addMessages({ zh: consoleZh, en: consoleEn });
