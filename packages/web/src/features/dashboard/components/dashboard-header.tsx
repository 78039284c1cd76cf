import { PLANS, type Profile } from '@citable/contract';
import { ArrowLeft, CreditCard, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { SessionUser } from '../../../hooks/use-session';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { useSignOut } from '../../../hooks/use-sign-out';
import { displayName } from '../../../lib/display-name';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { AlertsBell } from '../../alerts';
import { ClientSwitcher } from '../../clients';
import { NavDrawer } from '../../shell/components/nav-drawer';
import { BrandMark } from '../../white-label';
import type { SectionId } from '../sections/section-types';

interface DashboardHeaderProps {
  user: SessionUser;
  profile: Profile | null;
  /** The selected section and how to change it, for the phone's navigation drawer. */
  active: SectionId;
  onSelect: (id: SectionId) => void;
}

/**
 * The dashboard's header. From tablet width up: home, logo, client switcher, plan, alerts, name,
 * billing, settings and sign-out. On phones it keeps what fits on one line (menu, mark, switcher,
 * plan, alerts) and the rest moves into the navigation drawer the menu button opens.
 */
export function DashboardHeader({ user, profile, active, onSelect }: DashboardHeaderProps) {
  const { setSettingsOpen, setBillingOpen } = useUiState();
  const { signOut, signingOut } = useSignOut();
  const plan = PLANS[profile?.plan ?? 'free'];
  // With a client selected the profile is the client's; the header still names the person signed in.
  const { clientId } = useClientScope();
  const name = displayName(user, clientId ? null : profile?.full_name);
  // A client of an agency sees neither the agency's plan nor its billing (issue 33).
  const { agencyClientView } = useScopeAccess();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <NavDrawer name={name} email={user.email} plan={profile?.plan ?? null} showPlan={!agencyClientView} canOpenSettings={Boolean(profile)} active={active} goals={profile?.goals ?? []} onSelect={onSelect} />
        <Link to="/" className={buttonClasses('ghost', 'sm', 'px-2 max-md:hidden')} aria-label="Back to home">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <span className="hidden lg:inline">Home</span>
        </Link>
        <BrandMark />
        <ClientSwitcher />
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2 lg:gap-3">
          {agencyClientView ? null : (
            <Badge tone="primary" className="shrink-0">
              <span data-testid="plan-badge">{plan.name}</span>
              <span className="sr-only"> plan</span>
            </Badge>
          )}
          {profile ? <AlertsBell userId={user.id} plan={profile.plan} /> : null}
          <span className="hidden max-w-32 min-w-0 truncate text-sm font-medium text-slate-800 md:block lg:max-w-56" data-testid="dashboard-user-name" title={name}>
            {name}
          </span>
          {agencyClientView ? null : (
            <Button variant="ghost" size="icon" className="max-md:hidden" onClick={() => setBillingOpen(true)} aria-label="Billing" title="Billing" data-testid="header-billing">
              <CreditCard aria-hidden="true" className="size-5" />
            </Button>
          )}
          <Button variant="ghost" size="icon" className="max-md:hidden" onClick={() => setSettingsOpen(true)} aria-label="Settings" title="Settings" disabled={!profile}>
            <Settings aria-hidden="true" className="size-5" />
          </Button>
          <Button variant="ghost" size="icon" className="max-md:hidden" onClick={signOut} disabled={signingOut} aria-label="Sign out" title="Sign out">
            <LogOut aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </header>
  );
}
