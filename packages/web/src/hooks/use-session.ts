import { useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';
import { useHydrated } from './use-hydrated';

export interface SessionUser {
  id: string;
  email: string;
  /** better-auth's `name`, which holds the full name given at sign-up. */
  name: string;
  emailVerified: boolean;
}

/** What a component learns of the session: the user (null signed out), and whether that is known yet. */
export interface SessionState {
  data: SessionUser | null | undefined;
  isPending: boolean;
}

async function fetchSession(): Promise<SessionUser | null> {
  // better-auth's client is loaded with the first session read, not with every page's script.
  const { authClient } = await import('../lib/auth-client');
  const { data, error } = await authClient().getSession();
  if (error) {
    if (error.status === 401) return null;
    throw new Error(error.message || error.statusText);
  }
  const user = data?.user;
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
}

const SESSION_STALE_MS = 5 * 60_000;

/**
 * The session once it is known: the cached answer, or the one the query in flight (or a new one)
 * gives. For an action taken before the session has loaded, which must not treat a signed-in
 * user as signed out (a plan chosen right after a page opened).
 */
export function knownSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.ensureQueryData({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: SESSION_STALE_MS });
}

const UNKNOWN: SessionState = { data: undefined, isPending: true };

/**
 * The signed-in user, or null. The pre-render never fetches it, so its markup is the signed-out
 * page; while hydrating that markup the session reads as pending (shown as signed out) even when
 * the answer is already in the cache, and the render right after hydration shows it
 * (hooks/use-hydrated.ts says why the answer can be there first).
 */
export function useSession(): SessionState {
  const hydrated = useHydrated();
  const { data, isPending } = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    staleTime: SESSION_STALE_MS,
    retry: 1,
  });
  return hydrated ? { data, isPending } : UNKNOWN;
}
