import { lazy, Suspense } from 'react';
import { Redirect, Route, type RouteProps, Switch } from 'wouter';
import { Spinner } from '../components/ui';
import { GuestLayout } from '../layouts/GuestLayout';
import { SpaceLayout } from '../layouts/SpaceLayout';
import { SPACE_SCREENS } from '../layouts/space-screens';
import { AdminPage } from '../screens/admin/AdminPage';
import { AttributesPage } from '../screens/attributes/AttributesPage';
import { CalendarsPage } from '../screens/calendars/CalendarsPage';
import { ChatPage } from '../screens/chat/ChatPage';
import { CyclogramPage } from '../screens/cyclogram/CyclogramPage';
import { DirectoriesPage } from '../screens/directories/DirectoriesPage';
import { DisconnectPage } from '../screens/disconnect/DisconnectPage';
import { ErrorPage } from '../screens/error/ErrorPage';
import { GridSchedulePage } from '../screens/grid-schedule/GridSchedulePage';
import { IdlenessPage } from '../screens/idleness/IdlenessPage';
import { KanbanPage } from '../screens/kanban/KanbanPage';
import { LoginPage } from '../screens/login/LoginPage';
import { NotFoundPage } from '../screens/not-found/NotFoundPage';
import { ProfilePage } from '../screens/profile/ProfilePage';
import { RegisterPage } from '../screens/register/RegisterPage';
import { ResetPasswordPage } from '../screens/reset-password/ResetPasswordPage';
import { ResourcesPage } from '../screens/resources/ResourcesPage';
import { RestorePage } from '../screens/restore/RestorePage';
import { SchedulePage } from '../screens/schedule/SchedulePage';
import { SelectSpacePage } from '../screens/select-space/SelectSpacePage';
import { StructurePage } from '../screens/structure/StructurePage';
import { SuccessPage } from '../screens/success/SuccessPage';
import { UnavailablePage } from '../screens/unavailable/UnavailablePage';
import { ViewSettingsPage } from '../screens/viewsettings/ViewSettingsPage';

const SELECT_SPACE = '/auth/select-space';

/** One route to a page; the page's parameters are typed by its path, as in `<Route path component>`. */
function pageRoute<Path extends string>(path: Path, page: RouteProps<undefined, Path>['component']) {
  return <Route<undefined, Path> key={path} path={path} component={page} />;
}

/** The 4D screen brings three.js and web-ifc along: loaded when first opened. */
const BimPage = lazy(() => import('../screens/bim/BimPage').then((m) => ({ default: m.BimPage })));

function LazyBimPage({ params }: { params: { id: string } }) {
  return (
    <Suspense fallback={<Spinner />}>
      <BimPage params={params} />
    </Suspense>
  );
}

/** The guest pages below `/auth`, each on its own path. */
const AUTH_ROUTES = [
  pageRoute('/login', LoginPage),
  pageRoute('/register', RegisterPage),
  pageRoute('/reset-password', ResetPasswordPage),
  pageRoute('/restore', RestorePage),
  pageRoute('/idleness', IdlenessPage),
  pageRoute('/select-space', SelectSpacePage),
  pageRoute('/success', SuccessPage),
];

/** The built screens of a space, relative to `/{space_id}`. */
const SPACE_ROUTES = [
  pageRoute('/', StructurePage),
  pageRoute('/profile', ProfilePage),
  pageRoute('/admin', AdminPage),
  pageRoute('/resources', ResourcesPage),
  pageRoute('/resources/:id', ResourcesPage),
  pageRoute('/schedule/:id/cyclogram', CyclogramPage),
  pageRoute('/schedule/:id/bim', LazyBimPage),
  pageRoute('/schedule/:id', SchedulePage),
  pageRoute('/grid/:projectId', GridSchedulePage),
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
          <Switch>
            {AUTH_ROUTES}
            <Route component={NotFoundPage} />
          </Switch>
        </GuestLayout>
      </Route>
      <Route path="/:spaceId" nest>
        {({ spaceId }) => (
          <SpaceLayout spaceId={spaceId}>
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
