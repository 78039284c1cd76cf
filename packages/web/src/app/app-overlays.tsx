import { FullScreenStatus } from '../components/ui/full-screen-status';
import { AuthDialog } from '../features/auth/components/auth-dialog';
import { OnboardingModal } from '../features/onboarding/components/onboarding-modal';
import { SettingsDialog } from '../features/settings/components/settings-dialog';
import { useSession } from '../hooks/use-session';
import { useUiState } from '../stores/ui-state';

/** Dialogs and full-screen states any route can trigger. */
export function AppOverlays() {
  const { dashboardTransition, onboardingOpen, settingsOpen } = useUiState();
  const { data: user } = useSession();

  return (
    <>
      <AuthDialog />
      {user && onboardingOpen ? <OnboardingModal user={user} /> : null}
      {user && settingsOpen ? <SettingsDialog user={user} /> : null}
      {dashboardTransition ? <FullScreenStatus message="Loading dashboard..." /> : null}
    </>
  );
}
