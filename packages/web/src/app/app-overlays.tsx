import { lazy, Suspense } from 'react';
import { FullScreenStatus } from '../components/ui/full-screen-status';
import { AuthDialog } from '../features/auth/components/auth-dialog';
import { useSession } from '../hooks/use-session';
import { useUiState } from '../stores/ui-state';

// Only signed-in users open these, so visitors of the public pages never download them.
const OnboardingModal = lazy(() => import('../features/onboarding/components/onboarding-modal').then((module) => ({ default: module.OnboardingModal })));
const BillingDialog = lazy(() => import('../features/billing/components/billing-dialog').then((module) => ({ default: module.BillingDialog })));
const SettingsDialog = lazy(() => import('../features/settings/components/settings-dialog').then((module) => ({ default: module.SettingsDialog })));

/** Dialogs and full-screen states any route can trigger. */
export function AppOverlays() {
  const { dashboardTransition, onboardingOpen, settingsOpen, billingOpen } = useUiState();
  const { data: user } = useSession();

  return (
    <>
      <AuthDialog />
      <Suspense fallback={null}>
        {user && onboardingOpen ? <OnboardingModal user={user} /> : null}
        {user && settingsOpen ? <SettingsDialog user={user} /> : null}
        {user && billingOpen ? <BillingDialog user={user} /> : null}
      </Suspense>
      {dashboardTransition ? <FullScreenStatus message="Loading dashboard..." /> : null}
    </>
  );
}
