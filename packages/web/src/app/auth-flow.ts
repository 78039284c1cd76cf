import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isOnboarded, useProfile } from '../hooks/use-profile';
import { useSession } from '../hooks/use-session';
import { ApiRequestError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { currentClientId } from '../lib/client-scope';
import { readStorage, STORAGE_KEYS } from '../lib/storage';
import { useUiState } from '../stores/ui-state';

/**
 * The authentication-state flow of spec 000 §4, run once per signed-in user: a completed profile
 * goes to the dashboard; a missing, failed, slow (10 s) or unfinished profile opens onboarding.
 * A returning visitor is taken to the dashboard only from the home page, so that public pages
 * they open directly (pricing, features) stay reachable while signed in.
 */
export function useAuthFlow(): void {
  const session = useSession();
  const profile = useProfile();
  const { setOnboardingOpen, goToDashboard } = useUiState();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handledUser = useRef<string | null>(null);
  const sawSignedOut = useRef(false);
  const user = session.data;

  useEffect(() => {
    if (session.isPending) return;
    if (!user) {
      sawSignedOut.current = true;
      handledUser.current = null;
      setOnboardingOpen(false);
      return;
    }
    // The invitation page leads a newly signed-in invitee to their workspace itself; an invitee who
    // signed in elsewhere (after confirming their e-mail) is taken back to it before onboarding.
    if (pathname === '/invite') return;
    const pendingInvite = readStorage(STORAGE_KEYS.pendingInvite);
    if (pendingInvite && handledUser.current !== user.id) {
      navigate(`/invite?token=${encodeURIComponent(pendingInvite)}`);
      return;
    }
    if (handledUser.current === user.id || profile.isPending) return;
    // A 401 means the session ended (expired, signed out elsewhere): re-read it instead of onboarding.
    if (profile.error instanceof ApiRequestError && profile.error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return;
    }
    handledUser.current = user.id;
    // An agency client's profile is always onboarded; a refusal in its scope (two-factor required)
    // is explained on the dashboard, and onboarding would set up the wrong account.
    if (currentClientId() && !profile.isSuccess) return;
    if (profile.isSuccess && isOnboarded(profile.data)) {
      const justSignedIn = sawSignedOut.current;
      if (pathname !== '/dashboard' && (justSignedIn || pathname === '/')) goToDashboard();
      return;
    }
    setOnboardingOpen(true);
  }, [session.isPending, user, profile.isPending, profile.isSuccess, profile.data, profile.error, pathname, queryClient, navigate, setOnboardingOpen, goToDashboard]);
}
