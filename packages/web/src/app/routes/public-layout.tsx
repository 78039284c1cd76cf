import { LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDashboardEntry } from '../../hooks/use-dashboard-entry';
import { useSession } from '../../hooks/use-session';
import { MobileNav } from '../../features/landing/components/mobile-nav';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { useUiState } from '../../stores/ui-state';

const NAV = [
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Docs', to: '/documentation' },
  { label: 'Help Centre', to: '/help-center' },
  { label: 'Contact', to: '/contact-us' },
];

/**
 * Header of the content pages (contact, status, legal, integrations, help). The landing header's
 * links are anchors into the landing page, so these pages link to the routes instead. Signed out
 * until the session answers, as in the pre-rendered markup.
 */
function PublicHeader() {
  const { data: user } = useSession();
  const { openAuth } = useUiState();
  const enterDashboard = useDashboardEntry();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <div className="flex items-center gap-1">
          {/* Plain links on phones: each target is a pre-rendered page, so a full load costs little. */}
          <MobileNav items={NAV.map((item) => ({ label: item.label, href: item.to }))} />
          <Link to="/" aria-label="Citable home" className="rounded-md">
            <Logo />
          </Link>
        </div>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <Button variant="primary" size="sm" onClick={enterDashboard}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Dashboard
          </Button>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={() => openAuth('signin')}>
              Sign In
            </Button>
            <Link to="/pricing" className={buttonClasses('primary', 'sm')}>
              Get Started
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}

/** Shell of every public content page: header, the page as <main>, the site footer. */
export function PublicLayout() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  // A new page starts at its top; on the first render the browser's own restoration (reload, back) and hash targets are left alone.
  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    if (!initial && !hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
