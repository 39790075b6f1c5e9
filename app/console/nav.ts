import { type ConsoleIcon, consoleSegment, type ResourceDef } from '../../common/resource.ts';
import { info, resources, site } from '../../common/resources/index.ts';

// The console's screens, in drawer order. A resource whose declaration has a `console` view gets its
// screen, address, drawer title (its label) and icon from it, and is for administrators alone when only
// they may read it (the server refuses the others anyway). The screens of their own are named here.

export type OwnScreen = 'home' | 'data' | 'info' | 'site' | 'activity' | 'report' | 'trash' | 'profile' | 'private_image' | 'private_data' | 'private_time';
export type NavItem = { key: string; path: string; admin: boolean } & ({ own: OwnScreen } | { res: ResourceDef; icon: ConsoleIcon });

/** The resources whose screen is drawn from their declaration, in the registry's order. */
export const declaredScreens = (list: readonly ResourceDef[]): ResourceDef[] => list.filter((res) => res.console && res.console.drawer !== false);

const own = (key: OwnScreen, res?: ResourceDef, admin = res?.access.read === 'admin'): NavItem => ({
  key,
  own: key,
  path: key === 'home' ? '/console' : `/console/${key}`,
  admin,
});

export function navOf(list: readonly ResourceDef[]): NavItem[] {
  return [
    own('home'),
    ...declaredScreens(list).map((res) => ({
      key: res.name,
      res,
      icon: res.console?.icon ?? 'table',
      path: `/console/${consoleSegment(res)}`,
      admin: res.access.read === 'admin',
    })),
    own('data'),
    own('info', info),
    own('site', site),
    // the activity log: administrators alone; a member's own entries are in their profile
    own('activity', undefined, true),
    // the achievement report: administrators alone
    own('report', undefined, true),
    // the records deleted from every resource that keeps history: administrators alone
    own('trash', undefined, true),
    own('profile'),
    own('private_image'),
    own('private_data'),
    own('private_time'),
  ];
}

export const consoleNav = navOf(Object.values(resources));
