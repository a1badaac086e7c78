/**
 * Every route of the web app, in one place.
 *
 * Bundle rule: the landing page (and the public layout around it) is the only eagerly loaded
 * screen — its JS budget is 90 KB gzip. Everything else is `lazy()`, and TanStack Query only
 * arrives with the standalone and signed-in layouts.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { PublicLayout } from './layouts/public-layout';

/** lazy() for modules with named exports. */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

// ---- public (marketing) ----
const AboutPage = lazyNamed(() => import('../features/marketing/pages/about-page'), 'AboutPage');
const ContactPage = lazyNamed(
  () => import('../features/marketing/pages/contact-page'),
  'ContactPage',
);
const NotFoundPage = lazyNamed(
  () => import('../features/marketing/pages/not-found-page'),
  'NotFoundPage',
);
const PrivacyPage = lazyNamed(
  () => import('../features/marketing/pages/privacy-page'),
  'PrivacyPage',
);

// ---- standalone (sign-in) ----
const StandaloneLayout = lazyNamed(() => import('./layouts/standalone-layout'), 'StandaloneLayout');
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(
  () => import('../features/auth/pages/register-page'),
  'RegisterPage',
);
const VerifyOtpPage = lazyNamed(
  () => import('../features/auth/pages/verify-otp-page'),
  'VerifyOtpPage',
);
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);

// ---- invitation links: public, signed in or not (standalone layout) ----
const InvitationPage = lazyNamed(
  () => import('../features/invitations/pages/invitation-page'),
  'InvitationPage',
);

// ---- signed-in area: guard + layout + Query provider, then one lazy chunk per page ----
const SignedInRoot = lazyNamed(() => import('./signed-in-root'), 'SignedInRoot');
const AccountSettingsPage = lazyNamed(
  () => import('../features/account/pages/account-settings-page'),
  'AccountSettingsPage',
);
const DashboardPage = lazyNamed(
  () => import('../features/dashboard/pages/dashboard-page'),
  'DashboardPage',
);
const CollectionsPage = lazyNamed(
  () => import('../features/collections/pages/collections-page'),
  'CollectionsPage',
);
const CollectionDetailPage = lazyNamed(
  () => import('../features/collections/pages/collection-detail-page'),
  'CollectionDetailPage',
);
const ContentListPage = lazyNamed(
  () => import('../features/content/pages/content-list-page'),
  'ContentListPage',
);
// The one writing page (create and edit); CodeMirror and Yjs arrive with it, in its own chunk.
const ContentWritingPage = lazyNamed(
  () => import('../features/content/pages/content-writing-page'),
  'ContentWritingPage',
);
const ContentDetailPage = lazyNamed(
  () => import('../features/content/pages/content-detail-page'),
  'ContentDetailPage',
);
const BoardPage = lazyNamed(() => import('../features/pipeline/pages/board-page'), 'BoardPage');
const CalendarPage = lazyNamed(
  () => import('../features/pipeline/pages/calendar-page'),
  'CalendarPage',
);
const TeleprompterPage = lazyNamed(
  () => import('../features/pipeline/pages/teleprompter-page'),
  'TeleprompterPage',
);
const RemotePage = lazyNamed(() => import('../features/pipeline/pages/remote-page'), 'RemotePage');
const SearchPage = lazyNamed(() => import('../features/search/pages/search-page'), 'SearchPage');
const TagsPage = lazyNamed(() => import('../features/tags/pages/tags-page'), 'TagsPage');
const TrashPage = lazyNamed(() => import('../features/trash/pages/trash-page'), 'TrashPage');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route
          path="about"
          element={
            <Page>
              <AboutPage />
            </Page>
          }
        />
        <Route
          path="contact"
          element={
            <Page>
              <ContactPage />
            </Page>
          }
        />
        <Route
          path="privacy"
          element={
            <Page>
              <PrivacyPage />
            </Page>
          }
        />
        <Route
          path="*"
          element={
            <Page>
              <NotFoundPage />
            </Page>
          }
        />
      </Route>

      <Route
        element={
          <Page>
            <StandaloneLayout />
          </Page>
        }
      >
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="verify-otp" element={<VerifyOtpPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="invitations/:token" element={<InvitationPage />} />
      </Route>

      <Route
        element={
          <Page>
            <SignedInRoot />
          </Page>
        }
      >
        <Route path="account-settings" element={<AccountSettingsPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="collections" element={<CollectionsPage />} />
        <Route path="collections/:id" element={<CollectionDetailPage />} />
        <Route path="content" element={<ContentListPage />} />
        {/* The same element on both: a new script's page stays as its address becomes the item's. */}
        <Route path="content/create" element={<ContentWritingPage />} />
        <Route path="content/:id" element={<ContentDetailPage />} />
        <Route path="content/:id/edit" element={<ContentWritingPage />} />
        <Route path="content/:id/teleprompter" element={<TeleprompterPage />} />
        <Route path="remote/:key" element={<RemotePage />} />
        <Route path="board" element={<BoardPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="tags" element={<TagsPage />} />
        <Route path="trash" element={<TrashPage />} />
      </Route>
    </Routes>
  );
}
