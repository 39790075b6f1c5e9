import { useOutletContext } from 'react-router';
import type { StoredSession } from '../lib/session.ts';

// The stored login the console frame (routes/console/layout.tsx) hands to its screens.
export function useSession(): StoredSession {
  return useOutletContext<{ session: StoredSession }>().session;
}

export const isAdmin = (session: StoredSession) => session.authority === 'admin';
