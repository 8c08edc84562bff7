import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LANGUAGE_PATH_SEGMENTS, LANGUAGES, prerenderedPage } from '@t0/contracts';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { NotFoundPage } from './components/shell/NotFoundPage';
import { LandingPage } from './features/landing/LandingPage';
import { Authenticating, RouteLoading } from './components/shell/Authenticating';
import { SystemRecovery } from './components/shell/SystemRecovery';
import { useAuth } from './lib/auth';
import { PageHydratedMark } from './lib/hydration';
import { accessOf, decideGate, type GateKind } from './lib/gates';
import { useSiteConfig } from './lib/site';
import { useFrontDoorWhileChecking } from './lib/startup';

// The route table (paths and their gates). Every screen is its own lazily loaded chunk, so the landing page
// never downloads the terminal or the console; the landing page itself (the front door, and what
// gated screens fall back to) is part of the entry, so a first visit fetches it in the same few
// requests instead of a second wave of small ones (each a round trip on a slow connection).

/**
 * A lazily loaded screen. `preload()` fetches it ahead of the first render, which then draws it at
 * once instead of a loading fallback (a pre-rendered page is replaced by the same page, not by a spinner).
 */
function page<M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((m) => (loaded = pick(m)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Page, { preload });
}

const AuthPage = page(
  () => import('./features/auth/AuthPage'),
  (m) => m.AuthPage,
);
const LoginPage = page(
  () => import('./features/auth/AuthPage'),
  (m) => m.LoginPage,
);
const ProfilePage = page(
  () => import('./features/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const ResetPasswordPage = page(
  () => import('./features/reset-password/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const ConfirmAdminEmailPage = page(
  () => import('./features/admin-email/ConfirmAdminEmailPage'),
  (m) => m.ConfirmAdminEmailPage,
);
const CheckoutSuccessPage = page(
  () => import('./features/checkout/CheckoutSuccessPage'),
  (m) => m.CheckoutSuccessPage,
);
const DashboardPage = page(
  () => import('./features/dashboard/DashboardPage'),
  (m) => m.DashboardPage,
);
const ResultsPage = page(
  () => import('./features/journal/ResultsPage'),
  (m) => m.ResultsPage,
);
const MessagesPage = page(
  () => import('./features/messages/MessagesPage'),
  (m) => m.MessagesPage,
);
const SystemStatusPage = page(
  () => import('./features/system-status/SystemStatusPage'),
  (m) => m.SystemStatusPage,
);
const BlogListPage = page(
  () => import('./features/blog/BlogListPage'),
  (m) => m.BlogListPage,
);
const BlogPostPage = page(
  () => import('./features/blog/BlogPostPage'),
  (m) => m.BlogPostPage,
);
const AdminPage = page(
  () => import('./features/admin/AdminPage'),
  (m) => m.AdminPage,
);
const PerformancePage = page(
  () => import('./features/performance/PerformancePage'),
  (m) => m.PerformancePage,
);
const LeaderboardPage = page(
  () => import('./features/performance/LeaderboardPage'),
  (m) => m.LeaderboardPage,
);
const LegalPage = page(
  () => import('./features/legal/LegalPage'),
  (m) => m.LegalPage,
);
const SignalDisclosurePage = page(
  () => import('./features/legal/SignalDisclosurePage'),
  (m) => m.SignalDisclosurePage,
);
const AdminSecondFactorGate = page(
  () => import('./features/second-factor/AdminSecondFactorGate'),
  (m) => m.AdminSecondFactorGate,
);
const TestSubscriptionPage = page(
  () => import('./features/test-subscription/TestSubscriptionPage'),
  (m) => m.TestSubscriptionPage,
);

/** Decides from the server's facts (hasActiveSubscription, isAdmin) what a route shows. */
function Gate({ kind, children }: { kind: GateKind; children: ReactNode }) {
  const { user, hasChecked, failed } = useAuth();
  const frontDoor = useFrontDoorWhileChecking();
  if (!hasChecked && !user) {
    // Behind the start-up screen, or when the page arrived pre-rendered (and is hydrated), the public
    // front door is drawn while the user is checked, so it is ready when the screen fades (a
    // subscriber is sent on to the terminal once the check answers). It is the route's own element
    // (the landing page), the one shown once a visitor's check answers: React then re-renders only
    // what reads the answer, not the whole page (a new <LandingPage /> here re-rendered all of it,
    // 13-30 ms of main thread as the page started).
    return kind === 'home' && frontDoor ? children : <Authenticating />;
  }
  // An administrator whose session gave only the password meets the code step on every gated
  // screen; one who must set up a second factor meets the set-up where the console would open.
  // The server refuses the console's calls until then.
  if (
    user &&
    kind !== 'home' &&
    (user.secondFactor === 'code_required' || (kind === 'admin' && user.secondFactor === 'enrolment_required'))
  ) {
    return <AdminSecondFactorGate />;
  }
  const outcome = decideGate(kind, accessOf(user), user?.isAnalyst === true);
  if ('redirect' in outcome) return <Navigate to={outcome.redirect} replace />;
  // When the check itself failed, a member screen falls back to the landing page.
  if (outcome.show === 'landing' || (outcome.show === 'auth' && failed)) return <LandingPage />;
  if (outcome.show === 'auth') return <AuthPage />;
  return children;
}

/** Screens that exist only outside production. */
function DevOnly({ children }: { children: ReactNode }) {
  const { config, isLoading } = useSiteConfig();
  if (isLoading) return <RouteLoading />;
  return config && !config.isProduction ? children : <NotFoundPage />;
}

function RootLayout() {
  return (
    <>
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
        <PageHydratedMark />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

export const routes = [
  {
    element: <RootLayout />,
    errorElement: <SystemRecovery />,
    children: [
      {
        path: '/',
        element: (
          <Gate kind="home">
            <LandingPage />
          </Gate>
        ),
      },
      {
        path: '/home',
        element: (
          <Gate kind="home">
            <LandingPage />
          </Gate>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <Gate kind="member">
            <DashboardPage />
          </Gate>
        ),
      },
      {
        path: '/profile',
        element: (
          <Gate kind="member">
            <ProfilePage />
          </Gate>
        ),
      },
      {
        path: '/system-status',
        element: (
          <Gate kind="member">
            <SystemStatusPage />
          </Gate>
        ),
      },
      {
        path: '/results',
        element: (
          <Gate kind="member">
            <ResultsPage />
          </Gate>
        ),
      },
      {
        path: '/messages',
        element: (
          <Gate kind="member">
            <MessagesPage />
          </Gate>
        ),
      },
      {
        path: '/admin123',
        element: (
          <Gate kind="admin">
            <AdminPage />
          </Gate>
        ),
      },
      {
        path: '/notifications',
        element: (
          <Gate kind="admin">
            <AdminPage />
          </Gate>
        ),
      },
      {
        path: '/login',
        element: (
          <Gate kind="login">
            <LoginPage />
          </Gate>
        ),
      },
      {
        path: '/auth',
        element: (
          <Gate kind="auth">
            <AuthPage />
          </Gate>
        ),
      },
      {
        path: '/auth-new',
        element: (
          <Gate kind="auth">
            <AuthPage />
          </Gate>
        ),
      },
      {
        path: '/subscribe',
        element: (
          <Gate kind="auth">
            <AuthPage />
          </Gate>
        ),
      },
      // The landing page and the record in each other language (`/ar/`, `/ar/performance` …): the same
      // screens, drawn in the address's language (lib/i18n/LanguageSync.tsx).
      ...LANGUAGES.filter((language) => LANGUAGE_PATH_SEGMENTS[language]).flatMap((language) => [
        {
          path: `/${LANGUAGE_PATH_SEGMENTS[language]}`,
          element: (
            <Gate kind="home">
              <LandingPage />
            </Gate>
          ),
        },
        { path: `/${LANGUAGE_PATH_SEGMENTS[language]}/performance`, element: <PerformancePage /> },
      ]),
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/:id', element: <BlogPostPage /> },
      { path: '/performance', element: <PerformancePage /> },
      { path: '/performance/leaderboard', element: <LeaderboardPage /> },
      { path: '/performance/analysts/:slug', element: <PerformancePage /> },
      { path: '/terms', element: <LegalPage page="terms" /> },
      { path: '/privacy', element: <LegalPage page="privacy" /> },
      { path: '/risk', element: <LegalPage page="risk" /> },
      { path: '/disclosures', element: <LegalPage page="disclosures" /> },
      { path: '/refund', element: <LegalPage page="refund" /> },
      { path: '/signals/:id/disclosure', element: <SignalDisclosurePage /> },
      {
        path: '/test-subscription',
        element: (
          <DevOnly>
            <TestSubscriptionPage />
          </DevOnly>
        ),
      },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/confirm-admin', element: <ConfirmAdminEmailPage /> },
      { path: '/auth/whop-success', element: <CheckoutSuccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Screens pre-rendered at build time besides the landing page (in the entry): loaded before the app's first render. */
const PRERENDERED: Record<string, () => Promise<unknown>> = { '/performance': PerformancePage.preload };

/** Loads the screen of a pre-rendered address (`/performance`, `/ar/performance` …) before the first render. */
export async function preloadPrerendered(pathname: string) {
  const page = prerenderedPage(pathname);
  if (page) await PRERENDERED[page.base]?.();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
