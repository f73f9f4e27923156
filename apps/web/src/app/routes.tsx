import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, type RouteProps, Switch } from 'wouter';
import { Spinner } from '../components/ui';
import { GuestLayout } from '../layouts/GuestLayout';
import { SpaceLayout } from '../layouts/SpaceLayout';
import { SPACE_SCREENS } from '../layouts/space-screens';
import { DisconnectPage } from '../screens/disconnect/DisconnectPage';
import { ErrorPage } from '../screens/error/ErrorPage';
import { LoginPage } from '../screens/login/LoginPage';
import { NotFoundPage } from '../screens/not-found/NotFoundPage';
import { SchedulePage } from '../screens/schedule/SchedulePage';
import { SelectSpacePage } from '../screens/select-space/SelectSpacePage';
import { StructurePage } from '../screens/structure/StructurePage';
import { UnavailablePage } from '../screens/unavailable/UnavailablePage';

const SELECT_SPACE = '/auth/select-space';

/** One route to a page; the page's parameters are typed by its path, as in `<Route path component>`. */
function pageRoute<Path extends string>(path: Path, page: RouteProps<undefined, Path>['component']) {
  return <Route<undefined, Path> key={path} path={path} component={page} />;
}

/**
 * A screen loaded when it is first opened, so that the first page evaluates only what it shows: the
 * schedule, the structure and sign-in come with the app; the others (and the 4D screen with three.js and
 * web-ifc) each in a chunk of their own, with a spinner while it arrives (the `Suspense` of `AppRoutes`).
 */
const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((page) => ({ default: page })));

const AdminPage = lazyPage(() => import('../screens/admin/AdminPage').then((m) => m.AdminPage));
const AttributesPage = lazyPage(() =>
  import('../screens/attributes/AttributesPage').then((m) => m.AttributesPage),
);
const CalendarsPage = lazyPage(() =>
  import('../screens/calendars/CalendarsPage').then((m) => m.CalendarsPage),
);
const ChatPage = lazyPage(() => import('../screens/chat/ChatPage').then((m) => m.ChatPage));
const CyclogramPage = lazyPage(() =>
  import('../screens/cyclogram/CyclogramPage').then((m) => m.CyclogramPage),
);
const DirectoriesPage = lazyPage(() =>
  import('../screens/directories/DirectoriesPage').then((m) => m.DirectoriesPage),
);
const EstimatePage = lazyPage(() => import('../screens/estimates/EstimatePage').then((m) => m.EstimatePage));
const EstimateDirectoriesPage = lazyPage(() =>
  import('../screens/estimates/DirectoriesPage').then((m) => m.EstimateDirectoriesPage),
);
const GridSchedulePage = lazyPage(() =>
  import('../screens/grid-schedule/GridSchedulePage').then((m) => m.GridSchedulePage),
);
const ScoreboardPage = lazyPage(() =>
  import('../screens/analytics/ScoreboardPage').then((m) => m.ScoreboardPage),
);
const AnalyticsPrintPage = lazyPage(() =>
  import('../screens/analytics/AnalyticsPrintPage').then((m) => m.AnalyticsPrintPage),
);
const HomePage = lazyPage(() => import('../screens/analytics/HomePage').then((m) => m.HomePage));
const KanbanPage = lazyPage(() => import('../screens/kanban/KanbanPage').then((m) => m.KanbanPage));
const PipelinePage = lazyPage(() => import('../screens/pipeline/PipelinePage').then((m) => m.PipelinePage));
const ProfilePage = lazyPage(() => import('../screens/profile/ProfilePage').then((m) => m.ProfilePage));
const ResourcesPage = lazyPage(() =>
  import('../screens/resources/ResourcesPage').then((m) => m.ResourcesPage),
);
const ViewSettingsPage = lazyPage(() =>
  import('../screens/viewsettings/ViewSettingsPage').then((m) => m.ViewSettingsPage),
);
const RegisterPage = lazyPage(() => import('../screens/register/RegisterPage').then((m) => m.RegisterPage));
const ResetPasswordPage = lazyPage(() =>
  import('../screens/reset-password/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const RestorePage = lazyPage(() => import('../screens/restore/RestorePage').then((m) => m.RestorePage));
const IdlenessPage = lazyPage(() => import('../screens/idleness/IdlenessPage').then((m) => m.IdlenessPage));
const ExternalSignInPage = lazyPage(() =>
  import('../screens/login/ExternalSignInPage').then((m) => m.ExternalSignInPage),
);
const SuccessPage = lazyPage(() => import('../screens/success/SuccessPage').then((m) => m.SuccessPage));
const BimPage = lazyPage(() => import('../screens/bim/BimPage').then((m) => m.BimPage));

/** The guest pages below `/auth`, each on its own path. */
const AUTH_ROUTES = [
  pageRoute('/login', LoginPage),
  pageRoute('/register', RegisterPage),
  pageRoute('/reset-password', ResetPasswordPage),
  pageRoute('/restore', RestorePage),
  pageRoute('/idleness', IdlenessPage),
  pageRoute('/select-space', SelectSpacePage),
  pageRoute('/success', SuccessPage),
  pageRoute('/external', ExternalSignInPage),
];

/** The built screens of a space, relative to `/{space_id}`. */
const SPACE_ROUTES = [
  pageRoute('/', StructurePage),
  pageRoute('/home', HomePage),
  pageRoute('/scoreboard', ScoreboardPage),
  pageRoute('/analytics/print/:value/:format', AnalyticsPrintPage),
  pageRoute('/profile', ProfilePage),
  pageRoute('/admin', AdminPage),
  pageRoute('/resources', ResourcesPage),
  pageRoute('/resources/:id', ResourcesPage),
  pageRoute('/schedule/:id/cyclogram', CyclogramPage),
  pageRoute('/schedule/:id/bim', BimPage),
  pageRoute('/schedule/:id', SchedulePage),
  pageRoute('/grid/:projectId', GridSchedulePage),
  pageRoute('/pipeline/:projectId', PipelinePage),
  pageRoute('/estimates/:id', EstimatePage),
  pageRoute('/estimate-directories', EstimateDirectoriesPage),
  pageRoute('/calendars', CalendarsPage),
  pageRoute('/attributes', AttributesPage),
  pageRoute('/directories', DirectoriesPage),
  pageRoute('/viewsettings', ViewSettingsPage),
  pageRoute('/kanban-schedule/:id', KanbanPage),
  pageRoute('/kanban-schedule/:id/:boardId/:cardId?', KanbanPage),
  pageRoute('/chat', ChatPage),
  pageRoute('/chat/:chatId', ChatPage),
];

/** Routes of screens and routes. Space routes accept a trailing slash (wouter patterns end in an optional `/`). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={SELECT_SPACE} replace />
      </Route>
      <Route path="/structure">
        <Redirect to={SELECT_SPACE} replace />
      </Route>
      <Route path="/disconnect/disconnect" component={DisconnectPage} />
      <Route path="/error">
        <GuestLayout>
          <ErrorPage />
        </GuestLayout>
      </Route>
      <Route path="/auth" nest>
        <GuestLayout>
          <Suspense fallback={<Spinner />}>
            <Switch>
              {AUTH_ROUTES}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </GuestLayout>
      </Route>
      <Route path="/:spaceId" nest>
        {({ spaceId }) => (
          <SpaceLayout spaceId={spaceId}>
            <Suspense fallback={<Spinner />}>
              <Switch>
                {SPACE_ROUTES}
                {SPACE_SCREENS.filter((screen) => screen.unavailable).map((screen) =>
                  screen.paths.map((path) => (
                    <Route key={path} path={path}>
                      <UnavailablePage screen={screen} />
                    </Route>
                  )),
                )}
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </SpaceLayout>
        )}
      </Route>
      <Route>
        <GuestLayout>
          <NotFoundPage />
        </GuestLayout>
      </Route>
    </Switch>
  );
}
