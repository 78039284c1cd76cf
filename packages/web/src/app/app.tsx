import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullScreenStatus } from '../components/ui/full-screen-status';
import { ContactPage } from '../features/contact/components/contact-page';
import { HelpArticlePage } from '../features/help-center/components/help-article-page';
import { HelpCenterPage } from '../features/help-center/components/help-center-page';
import { HELP_ARTICLE_ROUTES } from '../features/help-center/data/articles';
import { ApiReferencePage } from '../features/docs/api-reference/api-reference-page';
import { DocsArticlePage } from '../features/docs/components/docs-article-page';
import { DocsHomePage } from '../features/docs/components/docs-home-page';
import { DocsLayout } from '../features/docs/components/docs-layout';
import { API_REFERENCE_PATH, DOC_ROUTES } from '../features/docs/data/docs';
import { IntegrationsPage } from '../features/integrations-page/components/integrations-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from '../features/legal/components/legal-routes';
import { StatusPage } from '../features/status/components/status-page';
import { AppOverlays } from './app-overlays';
import { useAuthFlow } from './auth-flow';
import { AppProvider } from './provider';
import { useReturnNotices } from './return-notices';
import { NotFoundRoute } from './routes/not-found-route';
import { PublicLayout } from './routes/public-layout';

// Signed-in and token-only screens load on demand, keeping them out of the public pages' script.
const DashboardRoute = lazy(() => import('./routes/dashboard-route').then((module) => ({ default: module.DashboardRoute })));
const InvitePage = lazy(() => import('../features/invite/components/invite-page').then((module) => ({ default: module.InvitePage })));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page').then((module) => ({ default: module.ResetPasswordPage })));

/** Public routes that are pre-rendered at build time (scripts/prerender.ts). */
export const PRERENDERED_ROUTES = [
  '/',
  '/pricing',
  '/features',
  '/integrations',
  '/help-center',
  '/contact-us',
  '/status',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  ...HELP_ARTICLE_ROUTES,
  ...DOC_ROUTES,
];

function AppRoutes() {
  useAuthFlow();
  useReturnNotices();
  return (
    <>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/pricing" element={<LandingPage section="pricing" />} />
        <Route path="/features" element={<LandingPage section="features" />} />
        <Route element={<PublicLayout />}>
          <Route path="/integrations" element={<IntegrationsPage />} />
          <Route path="/help-center" element={<HelpCenterPage />} />
          <Route path="/help-center/:slug" element={<HelpArticlePage />} />
          <Route element={<DocsLayout />}>
            <Route path="/documentation" element={<DocsHomePage />} />
            <Route path={API_REFERENCE_PATH} element={<ApiReferencePage />} />
            <Route path="/docs/:slug" element={<DocsArticlePage />} />
          </Route>
          <Route path="/contact-us" element={<ContactPage />} />
          <Route path="/status" element={<StatusPage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-of-service" element={<TermsOfServicePage />} />
          <Route path="/cookie-policy" element={<CookiePolicyPage />} />
        </Route>
        <Route
          path="/dashboard"
          element={
            <Suspense fallback={<FullScreenStatus message="Loading dashboard..." />}>
              <DashboardRoute />
            </Suspense>
          }
        />
        <Route
          path="/invite"
          element={
            <Suspense fallback={<FullScreenStatus message="Loading..." />}>
              <InvitePage />
            </Suspense>
          }
        />
        <Route
          path="/reset-password"
          element={
            <Suspense fallback={<FullScreenStatus message="Loading..." />}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
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
