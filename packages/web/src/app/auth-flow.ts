import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isOnboarded, useProfile } from '../hooks/use-profile';
import { useSession } from '../hooks/use-session';
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
    if (handledUser.current === user.id || profile.isPending) return;
    handledUser.current = user.id;
    if (profile.isSuccess && isOnboarded(profile.data)) {
      const justSignedIn = sawSignedOut.current;
      if (pathname !== '/dashboard' && (justSignedIn || pathname === '/')) goToDashboard();
      return;
    }
    setOnboardingOpen(true);
  }, [session.isPending, user, profile.isPending, profile.isSuccess, profile.data, pathname, setOnboardingOpen, goToDashboard]);
}
