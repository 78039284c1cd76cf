import { useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { FullScreenStatus } from '../../components/ui/full-screen-status';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useProfile } from '../../hooks/use-profile';
import { useSession } from '../../hooks/use-session';
import { ApiRequestError } from '../../lib/api-client';

/** /dashboard: waits for the session and the profile, as spec 002 §2.1 describes. */
export function DashboardRoute() {
  const session = useSession();
  const profile = useProfile();
  useDocumentTitle('Dashboard | Citable');
  // Once the dashboard has shown, a client switch reloads the profile inside it, not over it.
  const shown = useRef(false);

  if (session.isPending) return <FullScreenStatus message="Initializing..." />;
  if (!session.data) {
    return (
      <FullScreenStatus message="Loading user data...">
        <Link to="/" className={buttonClasses('outline', 'md')}>
          Return to Home
        </Link>
      </FullScreenStatus>
    );
  }
  if (profile.isPending && !shown.current) return <FullScreenStatus message="Loading dashboard..." />;
  shown.current = true;
  // A refusal in a client's scope (two-factor required, client no longer shared) explains itself.
  const refusal = profile.error instanceof ApiRequestError && (profile.error.status === 403 || profile.error.status === 404) ? profile.error.message : null;
  return <DashboardPage user={session.data} profile={profile.data ?? null} profileLoading={profile.isPending} profileError={refusal} onRetryProfile={() => void profile.refetch()} />;
}
