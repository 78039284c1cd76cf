import { canUseTool, type Profile } from '@citable/contract';
import { Suspense } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import type { SessionUser } from '../../../hooks/use-session';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { ClientBanner } from '../../clients';
import { GenieLauncher, logToolLaunched } from '../../genie';
import { isToolId, LockedTool } from '../../tools';
import { BrandTheme } from '../../white-label';
import { useSection } from '../hooks/use-section';
import { DashboardError } from './dashboard-error';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';

interface DashboardPageProps {
  user: SessionUser;
  /** Null when the profile could not be loaded; onboarding opens over the page then. */
  profile: Profile | null;
  onRetryProfile: () => void;
  /** The profile of a newly selected client is on its way; the page stays, the section waits. */
  profileLoading?: boolean;
  /** The server's refusal of the profile, e.g. a workspace requiring two-factor sign-in. */
  profileError?: string | null;
}

export function DashboardPage({ user, profile, onRetryProfile, profileLoading = false, profileError = null }: DashboardPageProps) {
  const { section, select } = useSection();
  // Switching clients remounts the section, so no state of one client's screen survives into another's.
  const { clientId, selectClient } = useClientScope();
  const { setSettingsOpen } = useUiState();
  const Section = section.registration.component;
  const { readOnly } = useScopeAccess();

  return (
    <BrandTheme className="min-h-dvh bg-slate-50">
      <DashboardHeader user={user} profile={profile} active={section.id} onSelect={select} />
      <div className="md:flex">
        <DashboardSidebar active={section.id} goals={profile?.goals ?? []} plan={profile?.plan ?? null} onSelect={select} />
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          <ClientBanner />
          <ErrorBoundary key={clientId ?? 'own'} fallback={<DashboardError />}>
            {profileLoading ? (
              <div className="flex justify-center p-16" role="status" aria-label="Loading">
                <Spinner className="size-8" />
              </div>
            ) : profile && isToolId(section.id) && !canUseTool(profile.plan, section.id) ? (
              // Every tool above the plan, whoever built its screen, explains itself and offers the upgrade.
              <LockedTool toolId={section.id} plan={profile.plan} />
            ) : profile ? (
              // Finishing onboarding over the dashboard remounts the section, as arriving from elsewhere would.
              // Some sections load on first opening (sections/registry.ts).
              <Suspense
                fallback={
                  <div className="flex justify-center p-16" role="status" aria-label="Loading">
                    <Spinner className="size-8" />
                  </div>
                }
              >
                <Section key={`${clientId ?? 'own'}:${profile.onboarding_completed_at ? 'onboarded' : 'new'}`} user={user} profile={profile} />
              </Suspense>
            ) : (
              <div className="mx-auto max-w-lg space-y-4" data-testid="profile-error">
                <Alert tone="error">{profileError ?? 'Your profile could not be loaded.'}</Alert>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={onRetryProfile}>
                    Try again
                  </Button>
                  {clientId ? (
                    <>
                      <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                        Open Settings
                      </Button>
                      <Button variant="ghost" onClick={() => selectClient(null)}>
                        Back to my account
                      </Button>
                    </>
                  ) : null}
                </div>
              </div>
            )}
          </ErrorBoundary>
        </main>
      </div>
      <GenieLauncher
        context="dashboard"
        onLaunchTool={({ toolId }) => {
          // A read-only role's launch is not recorded: the server would refuse the write (issue 33).
          if (!readOnly) logToolLaunched(toolId);
          select(toolId);
        }}
      />
    </BrandTheme>
  );
}
