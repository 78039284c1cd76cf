import { PLANS, type Profile } from '@citable/contract';
import { ArrowLeft, CreditCard, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import type { SessionUser } from '../../../hooks/use-session';
import { useSignOut } from '../../../hooks/use-sign-out';
import { displayName } from '../../../lib/display-name';
import { useClientScope } from '../../../stores/client-scope';
import { useUiState } from '../../../stores/ui-state';
import { AlertsBell } from '../../alerts';
import { ClientSwitcher } from '../../clients';
import { BrandCompanyName } from '../../white-label';

export function DashboardHeader({ user, profile }: { user: SessionUser; profile: Profile | null }) {
  const { setSettingsOpen, setBillingOpen } = useUiState();
  const { signOut, signingOut } = useSignOut();
  const plan = PLANS[profile?.plan ?? 'free'];
  // With a client selected the profile is the client's; the header still names the person signed in.
  const { clientId } = useClientScope();
  const name = displayName(user, clientId ? null : profile?.full_name);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to="/" className={buttonClasses('ghost', 'sm', 'px-2')} aria-label="Back to home">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Home</span>
        </Link>
        <span className="hidden md:block">
          <Logo />
        </span>
        <BrandCompanyName />
        <ClientSwitcher />
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <Badge tone="primary" className="shrink-0">
            <span data-testid="plan-badge">{plan.name}</span>
            <span className="sr-only"> plan</span>
          </Badge>
          {profile ? <AlertsBell userId={user.id} plan={profile.plan} /> : null}
          <span className="max-w-36 min-w-0 truncate text-sm font-medium text-slate-800 sm:max-w-56" data-testid="dashboard-user-name" title={name}>
            {name}
          </span>
          <Button variant="ghost" size="icon" onClick={() => setBillingOpen(true)} aria-label="Billing" title="Billing" data-testid="header-billing">
            <CreditCard aria-hidden="true" className="size-5" />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => setSettingsOpen(true)} aria-label="Settings" title="Settings" disabled={!profile}>
            <Settings aria-hidden="true" className="size-5" />
          </Button>
          <Button variant="ghost" size="icon" onClick={signOut} disabled={signingOut} aria-label="Sign out" title="Sign out">
            <LogOut aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </header>
  );
}
