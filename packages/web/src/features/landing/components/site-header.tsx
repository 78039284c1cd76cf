import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { useDashboardEntry } from '../../../hooks/use-dashboard-entry';
import { useProfile } from '../../../hooks/use-profile';
import { useSession } from '../../../hooks/use-session';
import { useSignOut } from '../../../hooks/use-sign-out';
import { displayName } from '../../../lib/display-name';
import { useUiState } from '../../../stores/ui-state';
import { MobileNav } from './mobile-nav';

const NAV = [
  { label: 'Features', href: '#features' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'FAQ', href: '#faq' },
];

/**
 * Public header. Until the session query has answered it shows the signed-out actions, which is
 * also what the pre-rendered markup holds, so hydration matches.
 */
export function SiteHeader() {
  const { data: user } = useSession();
  const profile = useProfile();
  const { openAuth } = useUiState();
  const enterDashboard = useDashboardEntry();
  const { signOut, signingOut } = useSignOut();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <div className="flex items-center gap-1">
          <MobileNav items={NAV} />
          <Link to="/" aria-label="Citable home" className="rounded-md">
            <Logo />
          </Link>
        </div>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <div className="flex min-w-0 items-center gap-2">
            <Button variant="primary" size="sm" onClick={enterDashboard}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Dashboard
            </Button>
            <span className="hidden max-w-48 truncate text-sm font-medium text-slate-700 sm:inline" data-testid="header-user-name" title={displayName(user, profile.data?.full_name)}>
              {displayName(user, profile.data?.full_name)}
            </span>
            <Button variant="ghost" size="icon" onClick={signOut} disabled={signingOut} aria-label="Sign out" title="Sign out">
              <LogOut aria-hidden="true" className="size-5" />
            </Button>
          </div>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={() => openAuth('signin')}>
              Sign In
            </Button>
            <a href="#pricing" className="inline-flex h-9 items-center rounded-lg bg-primary-600 px-3 text-sm whitespace-nowrap font-medium text-white shadow-sm hover:bg-primary-700">
              Get Started
            </a>
          </div>
        )}
      </div>
    </header>
  );
}
