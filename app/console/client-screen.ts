import type { ReactNode } from 'react';

type Screen<P> = (props: P) => ReactNode;

/**
 * The component of a console or advisor route, from a `.client` module (docs/decisions/011-lean-process.md).
 * In the server build such an import is undefined, but a route needs a component there (one without is a
 * resource route, answering GET with its loader): this stand-in, never rendered, since the area's layout
 * renders its HydrateFallback on the server.
 */
export function clientScreen<P>(screen: Screen<P> | undefined): Screen<P> {
  return screen ?? serverStandIn;
}

const serverStandIn = () => null;
