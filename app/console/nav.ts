import type { ResourceDef } from '../../common/resource.ts';
import { article, info, news, person, publication, seminar, site } from '../../common/resources/index.ts';

// The console's screens, in drawer order. A screen that edits a declared resource takes from its
// declaration whether only administrators see it (those who may not read the resource; the server
// refuses their calls anyway); the member screens (files, profile, schedule) say it here.

const screen = <K extends string>(key: K, path: string, admin = false) => ({ key, path, admin }) as const;
const resourceScreen = <K extends string>(key: K, res: ResourceDef) => ({ key, path: `/console/${key}`, admin: res.access.read === 'admin' }) as const;

export const consoleNav = [
  screen('home', '/console'),
  resourceScreen('people', person),
  resourceScreen('article', article),
  resourceScreen('publication', publication),
  resourceScreen('news', news),
  resourceScreen('seminar', seminar),
  screen('data', '/console/data'),
  resourceScreen('info', info),
  resourceScreen('site', site),
  screen('profile', '/console/profile'),
  screen('private_image', '/console/private_image'),
  screen('private_data', '/console/private_data'),
  screen('private_time', '/console/private_time'),
];

export type ConsoleKey = (typeof consoleNav)[number]['key'];
