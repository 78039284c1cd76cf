import type { Profile } from '@citable/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { useClientScope } from '../stores/client-scope';
import { useSession } from './use-session';

/** The signed-in user's profile; disabled while signed out. */
export function useProfile() {
  const session = useSession();
  const userId = session.data?.id;
  // Re-render on a client switch: the cache hashes the profile with the selected client, so the
  // selected client's profile (sites, competitors, goals) is read in place of the user's own.
  useClientScope();
  return useQuery<Profile>({
    queryKey: queryKeys.profile(userId ?? 'anonymous'),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: Boolean(userId),
    staleTime: 60_000,
    // A failed or slow profile fetch opens onboarding at once (spec 000 §4); retrying would delay it.
    retry: false,
  });
}

export function isOnboarded(profile: Profile | undefined): boolean {
  return Boolean(profile?.onboarding_completed_at);
}
