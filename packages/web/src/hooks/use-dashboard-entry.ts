import { useCallback } from 'react';
import { useUiState } from '../stores/ui-state';
import { isOnboarded, useProfile } from './use-profile';
import { useSession } from './use-session';

/**
 * The Dashboard button (spec 000 §4): signed out opens sign-in; signed in without a finished
 * profile opens onboarding; otherwise the 300 ms transition to /dashboard.
 */
export function useDashboardEntry() {
  const { data: user } = useSession();
  const profile = useProfile();
  const { openAuth, setOnboardingOpen, goToDashboard } = useUiState();

  return useCallback(() => {
    if (!user) {
      openAuth('signin');
      return;
    }
    if (profile.isSuccess && !isOnboarded(profile.data)) {
      setOnboardingOpen(true);
      return;
    }
    goToDashboard();
  }, [user, profile.isSuccess, profile.data, openAuth, setOnboardingOpen, goToDashboard]);
}
