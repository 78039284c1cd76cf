import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../lib/query-keys';

export interface SessionUser {
  id: string;
  email: string;
  /** better-auth's `name`, which holds the full name given at sign-up. */
  name: string;
  emailVerified: boolean;
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

/**
 * The signed-in user, or null. It is never fetched during the pre-render, so the server markup
 * and the first client render agree (pending, shown as signed out on public pages).
 */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
