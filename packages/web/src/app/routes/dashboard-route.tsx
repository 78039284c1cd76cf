import { LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { FullScreenStatus } from '../../components/ui/full-screen-status';
import { Logo } from '../../components/ui/logo';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useProfile } from '../../hooks/use-profile';
import { useSession } from '../../hooks/use-session';
import { ApiRequestError } from '../../lib/api-client';
import { useUiState } from '../../stores/ui-state';

/**
 * /dashboard signed out: the sign-in dialog opens over this page, and signing in (or following a
 * verification link, which lands here) shows the dashboard in place, with the address and its
 * ?section= kept. Closing the dialog leaves a way to open it again.
 */
function SignedOutDashboard() {
  const { openAuth } = useUiState();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openAuth('signin');
  }, [openAuth]);

  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-primary-50 to-white px-4 text-center" data-testid="dashboard-signed-out">
      <Link to="/" aria-label="Citable home" className="rounded-md">
        <Logo />
      </Link>
      <LayoutDashboard aria-hidden="true" className="mt-10 size-10 text-primary-600" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Sign in to open your dashboard</h1>
      <p className="mt-2 max-w-md text-slate-600">Your scores, tools and alerts are waiting. You will come back here once you are signed in.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => openAuth('signin')} data-testid="dashboard-sign-in">
          Sign In
        </Button>
        <Link to="/" className={buttonClasses('outline', 'md')}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}

/** /dashboard: waits for the session and the profile, as spec 002 §2.1 describes. */
export function DashboardRoute() {
  const session = useSession();
  const profile = useProfile();
  useDocumentTitle('Dashboard | Citable');
  // Once the dashboard has shown, a client switch reloads the profile inside it, not over it.
  const shown = useRef(false);

  if (session.isPending) return <FullScreenStatus message="Initializing..." />;
  if (!session.data) return <SignedOutDashboard />;
  if (profile.isPending && !shown.current) return <FullScreenStatus message="Loading dashboard..." />;
  shown.current = true;
  // A refusal in a client's scope (two-factor required, client no longer shared) explains itself.
  const refusal = profile.error instanceof ApiRequestError && (profile.error.status === 403 || profile.error.status === 404) ? profile.error.message : null;
  return <DashboardPage user={session.data} profile={profile.data ?? null} profileLoading={profile.isPending} profileError={refusal} onRetryProfile={() => void profile.refetch()} />;
}
