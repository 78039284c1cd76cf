import { lazy, Suspense, useState } from 'react';
import { FullScreenStatus } from '../components/ui/full-screen-status';
import { useSession } from '../hooks/use-session';
import { useUiState } from '../stores/ui-state';

// The sign-in dialog (its forms and better-auth's client) loads the first time it is opened, and
// then stays mounted, keeping what was typed across closing and opening as before.
const AuthDialog = lazy(() => import('../features/auth/components/auth-dialog').then((module) => ({ default: module.AuthDialog })));
// Only signed-in users open these, so visitors of the public pages never download them.
const OnboardingModal = lazy(() => import('../features/onboarding/components/onboarding-modal').then((module) => ({ default: module.OnboardingModal })));
const BillingDialog = lazy(() => import('../features/billing/components/billing-dialog').then((module) => ({ default: module.BillingDialog })));
const SettingsDialog = lazy(() => import('../features/settings/components/settings-dialog').then((module) => ({ default: module.SettingsDialog })));

/** Dialogs and full-screen states any route can trigger. */
export function AppOverlays() {
  const { authDialog, dashboardTransition, onboardingOpen, settingsOpen, billingOpen } = useUiState();
  const { data: user } = useSession();
  const [authOpened, setAuthOpened] = useState(false);
  if (authDialog.open && !authOpened) setAuthOpened(true);

  return (
    <>
      <Suspense fallback={null}>
        {authOpened ? <AuthDialog /> : null}
      </Suspense>
      <Suspense fallback={null}>
        {user && onboardingOpen ? <OnboardingModal user={user} /> : null}
        {user && settingsOpen ? <SettingsDialog user={user} /> : null}
        {user && billingOpen ? <BillingDialog user={user} /> : null}
      </Suspense>
      {dashboardTransition ? <FullScreenStatus message="Loading dashboard..." /> : null}
    </>
  );
}
