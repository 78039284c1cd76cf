import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createRoutesFromElements, Route, useRoutes, type RouteObject } from 'react-router';
import { FullScreenStatus } from '../components/ui/full-screen-status';
import { docContentSource, loadDocContent } from '../features/docs/data/doc-content';
import { API_REFERENCE_PATH } from '../features/docs/data/docs-paths';
import { AppOverlays } from './app-overlays';
import { useAuthFlow } from './auth-flow';
import { AppProvider } from './provider';
import { useReturnNotices } from './return-notices';
import { lazyPage } from './routes/lazy-page';
import { NotFoundRoute } from './routes/not-found-route';
import { PublicLayout } from './routes/public-layout';
import type { ClientRouteHandle } from './routes/route-patterns';

// Each public page is a chunk of its own (routes/lazy-page.tsx: loaded before the pre-render and
// before hydration, so the pre-rendered markup is adopted as is); the page a visitor lands on
// loads its own code and the shell's, not every page's.
const LandingPage = lazyPage('src/features/landing/components/landing-page.tsx', () => import('../features/landing/components/landing-page').then((module) => module.LandingPage));
const IntegrationsPage = lazyPage('src/features/integrations-page/components/integrations-page.tsx', () => import('../features/integrations-page/components/integrations-page').then((module) => module.IntegrationsPage));
const HelpCenterPage = lazyPage('src/features/help-center/components/help-center-page.tsx', () => import('../features/help-center/components/help-center-page').then((module) => module.HelpCenterPage));
const HelpArticlePage = lazyPage('src/features/help-center/components/help-article-page.tsx', () => import('../features/help-center/components/help-article-page').then((module) => module.HelpArticlePage));
const DocsLayout = lazyPage('src/features/docs/components/docs-layout.tsx', () => import('../features/docs/components/docs-layout').then((module) => module.DocsLayout));
const DocsHomePage = lazyPage('src/features/docs/components/docs-home-page.tsx', () => import('../features/docs/components/docs-home-page').then((module) => module.DocsHomePage));
const DocsArticlePage = lazyPage('src/features/docs/components/docs-article-page.tsx', () => import('../features/docs/components/docs-article-page').then((module) => module.DocsArticlePage));
const ApiReferencePage = lazyPage('src/features/docs/api-reference/api-reference-page.tsx', () => import('../features/docs/api-reference/api-reference-page').then((module) => module.ApiReferencePage));
const ContactPage = lazyPage('src/features/contact/components/contact-page.tsx', () => import('../features/contact/components/contact-page').then((module) => module.ContactPage));
const StatusPage = lazyPage('src/features/status/components/status-page.tsx', () => import('../features/status/components/status-page').then((module) => module.StatusPage));
const PrivacyPolicyPage = lazyPage('src/features/legal/components/legal-routes.tsx', () => import('../features/legal/components/legal-routes').then((module) => module.PrivacyPolicyPage));
const TermsOfServicePage = lazyPage('src/features/legal/components/legal-routes.tsx', () => import('../features/legal/components/legal-routes').then((module) => module.TermsOfServicePage));
const CookiePolicyPage = lazyPage('src/features/legal/components/legal-routes.tsx', () => import('../features/legal/components/legal-routes').then((module) => module.CookiePolicyPage));

// Signed-in and token-only screens load on demand, keeping them out of the public pages' script.
const DashboardRoute = lazy(() => import('./routes/dashboard-route').then((module) => ({ default: module.DashboardRoute })));
const InvitePage = lazy(() => import('../features/invite/components/invite-page').then((module) => ({ default: module.InvitePage })));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page').then((module) => ({ default: module.ResetPasswordPage })));

/** Only the pre-rendered pages of a parameterised route exist (an unknown slug is not found). */
const PRERENDERED_ONLY: ClientRouteHandle = { existing: 'prerendered' };
/** A docs article's content is a chunk of its own, loaded with its page (features/docs/data/doc-content.ts). */
const DOCS_ARTICLE: ClientRouteHandle = { existing: 'prerendered', preload: ({ slug }) => loadDocContent(slug), modules: ({ slug }) => docContentSource(slug) };
/** The docs home shows the introduction. */
const DOCS_HOME: ClientRouteHandle = { preload: () => loadDocContent('introduction'), modules: () => docContentSource('introduction') };
/** The catch-all: every path no other route answers is not found (the server answers it with 404). */
const NOT_FOUND: ClientRouteHandle = { notFound: true };

/**
 * The client's route table, the one source of the routes that exist: the browser renders it, the
 * pre-render renders it, and the pre-render writes its patterns to dist/routes.json, from which
 * the server answers every other path with 404 and the not-found page (server/src/web).
 */
export const ROUTES: RouteObject[] = createRoutesFromElements(
  <>
    <Route path="/" element={<LandingPage />} />
    <Route path="/pricing" element={<LandingPage section="pricing" />} />
    <Route path="/features" element={<LandingPage section="features" />} />
    <Route element={<PublicLayout />}>
      <Route path="/integrations" element={<IntegrationsPage />} />
      <Route path="/help-center" element={<HelpCenterPage />} />
      <Route path="/help-center/:slug" element={<HelpArticlePage />} handle={PRERENDERED_ONLY} />
      <Route element={<DocsLayout />}>
        <Route path="/documentation" element={<DocsHomePage />} handle={DOCS_HOME} />
        <Route path={API_REFERENCE_PATH} element={<ApiReferencePage />} />
        <Route path="/docs/:slug" element={<DocsArticlePage />} handle={DOCS_ARTICLE} />
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
    <Route path="*" element={<NotFoundRoute />} handle={NOT_FOUND} />
  </>,
);

function AppRoutes() {
  useAuthFlow();
  useReturnNotices();
  const routes = useRoutes(ROUTES);
  return (
    <>
      {routes}
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
