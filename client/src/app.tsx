// Every route of the spec. /register, /login, the password-reset, confirm-email, not-me, verify-email and admin-setup screens stand alone; the rest sit in the layout.
// The story view ships in the main bundle; the home page, the lists, the account screens (sign-in too) and the
// editor (Milkdown) are chunks of their own, so a reader of a story downloads none of them
// (docs/decisions/0038-lighter-reader-pages.md).
import { lazy, Suspense, type ComponentType } from 'react';
import { parse } from 'regexparam';
import { Redirect, Route, Router, Switch } from 'wouter';
import { Layout } from './components/layout';
import { Loading } from './components/loading';
import { Protected } from './components/protected-route';
import { SessionSync } from './components/session-sync';
import { useGuardedLocation } from './lib/navigation-guard';
import { storyPath } from './lib/paths';
import { Help } from './pages/help';
import { Legal } from './pages/legal';
import { NotFound } from './pages/not-found';
import { StoryView } from './pages/story-view';

/** A screen loaded on first visit; `pick` names its export. */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

// The home page and the lists: rendered by the server too; the browser hydrates them once their chunk has come (the
// server's markup stays meanwhile), and a story page's script carries none of them.
const Home = lazyScreen(
  () => import('./pages/home'),
  (m) => m.Home,
);
const Explore = lazyScreen(
  () => import('./pages/explore'),
  (m) => m.Explore,
);
const ExploreTop = lazyScreen(
  () => import('./pages/explore-top'),
  (m) => m.ExploreTop,
);
const ExploreNew = lazyScreen(
  () => import('./pages/explore-new'),
  (m) => m.ExploreNew,
);
const Login = lazyScreen(
  () => import('./pages/login'),
  (m) => m.Login,
);
const Saved = lazyScreen(
  () => import('./pages/saved'),
  (m) => m.Saved,
);
const Register = lazyScreen(
  () => import('./pages/register'),
  (m) => m.Register,
);
const ForgotPassword = lazyScreen(
  () => import('./pages/forgot-password'),
  (m) => m.ForgotPassword,
);
const ResetPassword = lazyScreen(
  () => import('./pages/reset-password'),
  (m) => m.ResetPassword,
);
const ConfirmEmail = lazyScreen(
  () => import('./pages/confirm-email'),
  (m) => m.ConfirmEmail,
);
const NotMe = lazyScreen(
  () => import('./pages/not-me'),
  (m) => m.NotMe,
);
const VerifyEmail = lazyScreen(
  () => import('./pages/verify-email'),
  (m) => m.VerifyEmail,
);
const AdminSetup = lazyScreen(
  () => import('./pages/admin-setup'),
  (m) => m.AdminSetup,
);
const ChangeEmail = lazyScreen(
  () => import('./pages/change-email'),
  (m) => m.ChangeEmail,
);
const Notifications = lazyScreen(
  () => import('./pages/notifications'),
  (m) => m.Notifications,
);
const Readers = lazyScreen(
  () => import('./pages/readers'),
  (m) => m.Readers,
);
const Profile = lazyScreen(
  () => import('./pages/profile'),
  (m) => m.Profile,
);
const EditProfile = lazyScreen(
  () => import('./pages/edit-profile'),
  (m) => m.EditProfile,
);
const ChangePassword = lazyScreen(
  () => import('./pages/change-password'),
  (m) => m.ChangePassword,
);
const ChangePicture = lazyScreen(
  () => import('./pages/change-picture'),
  (m) => m.ChangePicture,
);
const ChangeBanner = lazyScreen(
  () => import('./pages/change-banner'),
  (m) => m.ChangeBanner,
);
const Moderation = lazyScreen(
  () => import('./pages/moderation'),
  (m) => m.Moderation,
);
const Guide = lazyScreen(
  () => import('./pages/guide'),
  (m) => m.Guide,
);
const WriteStory = lazy(() => import('./pages/write-story'));
// Versions belong to the writer's screens: lazy like the editor, so readers never download the diff code.
const StoryVersions = lazyScreen(
  () => import('./pages/story-versions'),
  (m) => m.StoryVersions,
);
const StoryVersion = lazy(() => import('./pages/story-versions').then((m) => ({ default: m.StoryVersion })));

/** The short address of a story, /@<username> (issue #26); the server redirects it too (short-story-address.ts). */
const SHORT_STORY_ROUTE = '/@:username';

const parsedRoutes = new Map<string, { keys: string[]; pattern: RegExp }>();

/** wouter parses each route of a Switch into a RegExp on every render; the routes are fixed, so each once. */
export function parseRoute(route: string, loose?: boolean): { keys: string[]; pattern: RegExp } {
  const key = `${loose ? 'loose' : 'exact'} ${route}`;
  let parsed = parsedRoutes.get(key);
  if (!parsed) {
    // regexparam reads a parameter only at the start of a segment: the short story address is spelt out.
    parsed = route === SHORT_STORY_ROUTE ? { keys: ['username'], pattern: /^\/@([A-Za-z0-9_.]{3,30})\/?$/ } : parse(route, loose);
    parsedRoutes.set(key, parsed);
  }
  return parsed;
}

/** ssrPath and ssrSearch: the address being rendered on the server (entry-server.tsx); the browser uses its own. */
export function App({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string } = {}) {
  return (
    <Router hook={useGuardedLocation} parser={parseRoute} ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <SessionSync />
      <Switch>
        <Route path="/register">
          <Suspense fallback={<Loading />}>
            <Register />
          </Suspense>
        </Route>
        <Route path="/login">
          <Suspense fallback={<Loading />}>
            <Login />
          </Suspense>
        </Route>
        <Route path="/forgot-password">
          <Suspense fallback={<Loading />}>
            <ForgotPassword />
          </Suspense>
        </Route>
        <Route path="/reset-password">
          <Suspense fallback={<Loading />}>
            <ResetPassword />
          </Suspense>
        </Route>
        <Route path="/confirm-email">
          <Suspense fallback={<Loading />}>
            <ConfirmEmail />
          </Suspense>
        </Route>
        <Route path="/not-me">
          <Suspense fallback={<Loading />}>
            <NotMe />
          </Suspense>
        </Route>
        <Route path="/verify-email">
          <Suspense fallback={<Loading />}>
            <VerifyEmail />
          </Suspense>
        </Route>
        <Route path="/admin-setup">
          <Suspense fallback={<Loading />}>
            <AdminSetup />
          </Suspense>
        </Route>
        <Route>
          <Layout>
            <Suspense fallback={<Loading />}>
              <Switch>
                <Route path="/" component={Home} />
                <Route path="/profile">
                  <Protected>
                    <Profile />
                  </Protected>
                </Route>
                <Route path="/profile/edit">
                  <Protected>
                    <EditProfile />
                  </Protected>
                </Route>
                <Route path="/profile/edit/password">
                  <Protected>
                    <ChangePassword />
                  </Protected>
                </Route>
                <Route path="/profile/edit/email">
                  <Protected>
                    <ChangeEmail />
                  </Protected>
                </Route>
                <Route path="/notifications">
                  <Protected>
                    <Notifications />
                  </Protected>
                </Route>
                <Route path="/readers">
                  <Protected>
                    <Readers />
                  </Protected>
                </Route>
                <Route path="/profile/edit/picture">
                  <Protected>
                    <ChangePicture />
                  </Protected>
                </Route>
                <Route path="/story/write">
                  <Protected>
                    <WriteStory />
                  </Protected>
                </Route>
                <Route path="/story/versions">
                  <Protected>
                    <StoryVersions />
                  </Protected>
                </Route>
                <Route path="/story/versions/:id">
                  {(params) => (
                    <Protected>
                      <StoryVersion id={params.id} />
                    </Protected>
                  )}
                </Route>
                <Route path="/story/banner">
                  <Protected>
                    <ChangeBanner />
                  </Protected>
                </Route>
                <Route path="/story/:id/page/:page_number">
                  {(params) => <StoryView id={params.id} pageNumber={params.page_number} />}
                </Route>
                {/* A story address missing its page number still reaches the story view, which says what is wrong. */}
                <Route path="/story/:id/page">{(params) => <StoryView id={params.id} pageNumber={undefined} />}</Route>
                <Route path="/story/:id">{(params) => <StoryView id={params.id} pageNumber={undefined} />}</Route>
                <Route path={SHORT_STORY_ROUTE}>{(params) => <Redirect to={storyPath(params.username.toLowerCase())} replace />}</Route>
                <Route path="/saved">
                  <Protected>
                    <Saved />
                  </Protected>
                </Route>
                <Route path="/moderation">
                  <Protected>
                    <Moderation />
                  </Protected>
                </Route>
                <Route path="/explore" component={Explore} />
                <Route path="/explore/top" component={ExploreTop} />
                <Route path="/explore/new" component={ExploreNew} />
                <Route path="/help" component={Help} />
                {/* The writing guide (issue #26): /help stays the spec's placeholder. */}
                <Route path="/guide" component={Guide} />
                <Route path="/legal" component={Legal} />
                <Route component={NotFound} />
              </Switch>
            </Suspense>
          </Layout>
        </Route>
      </Switch>
    </Router>
  );
}
