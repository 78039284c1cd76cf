import type { Profile } from '@citable/contract';
import { ErrorBoundary } from '../../../components/error-boundary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { SessionUser } from '../../../hooks/use-session';
import { GenieLauncher, logToolLaunched } from '../../genie';
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
}

export function DashboardPage({ user, profile, onRetryProfile }: DashboardPageProps) {
  const { section, select } = useSection();
  const Section = section.registration.component;

  return (
    <BrandTheme className="min-h-dvh bg-slate-50">
      <DashboardHeader user={user} profile={profile} />
      <div className="md:flex">
        <DashboardSidebar active={section.id} goals={profile?.goals ?? []} onSelect={select} />
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          <ErrorBoundary fallback={<DashboardError />}>
            {profile ? (
              <Section user={user} profile={profile} />
            ) : (
              <div className="mx-auto max-w-lg space-y-4">
                <Alert tone="error">Your profile could not be loaded.</Alert>
                <Button variant="outline" onClick={onRetryProfile}>
                  Try again
                </Button>
              </div>
            )}
          </ErrorBoundary>
        </main>
      </div>
      <GenieLauncher
        context="dashboard"
        onLaunchTool={({ toolId }) => {
          logToolLaunched(toolId);
          select(toolId);
        }}
      />
    </BrandTheme>
  );
}
