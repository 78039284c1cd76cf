import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { AppOverlays } from './app-overlays';
import { useAuthFlow } from './auth-flow';
import { AppProvider } from './provider';
import { useReturnNotices } from './return-notices';
import { DashboardRoute } from './routes/dashboard-route';
import { NotFoundRoute } from './routes/not-found-route';

/** Public routes that are pre-rendered at build time (scripts/prerender.ts). */
export const PRERENDERED_ROUTES = ['/', '/pricing', '/features'] as const;

function AppRoutes() {
  useAuthFlow();
  useReturnNotices();
  return (
    <>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/pricing" element={<LandingPage section="pricing" />} />
        <Route path="/features" element={<LandingPage section="features" />} />
        <Route path="/dashboard" element={<DashboardRoute />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
      <AppOverlays />
    </>
  );
}

/** The whole app below the router, shared by the browser entry and the pre-render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRoutes />
    </AppProvider>
  );
}
