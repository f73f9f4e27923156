import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/ui';
import { GuestLayout } from '../layouts/GuestLayout';
import { SpaceLayout } from '../layouts/SpaceLayout';
import { SPACE_SCREENS } from '../layouts/space-screens';
import { AdminPage } from '../screens/admin/AdminPage';
import { AttributesPage } from '../screens/attributes/AttributesPage';
import { CalendarsPage } from '../screens/calendars/CalendarsPage';
import { CyclogramPage } from '../screens/cyclogram/CyclogramPage';
import { DirectoriesPage } from '../screens/directories/DirectoriesPage';
import { DisconnectPage } from '../screens/disconnect/DisconnectPage';
import { ErrorPage } from '../screens/error/ErrorPage';
import { GridSchedulePage } from '../screens/grid-schedule/GridSchedulePage';
import { IdlenessPage } from '../screens/idleness/IdlenessPage';
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
/** The 4D screen brings three.js and web-ifc along: loaded when first opened. */
const BimPage = lazy(() => import('../screens/bim/BimPage').then((m) => ({ default: m.BimPage })));

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
            <Route path="/login" component={LoginPage} />
            <Route path="/register" component={RegisterPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/restore" component={RestorePage} />
            <Route path="/idleness" component={IdlenessPage} />
            <Route path="/select-space" component={SelectSpacePage} />
            <Route path="/success" component={SuccessPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </GuestLayout>
      </Route>
      <Route path="/:spaceId" nest>
        {({ spaceId }) => (
          <SpaceLayout spaceId={spaceId}>
            <Switch>
              <Route path="/" component={StructurePage} />
              <Route path="/profile" component={ProfilePage} />
              <Route path="/admin" component={AdminPage} />
              <Route path="/resources" component={ResourcesPage} />
              <Route path="/resources/:id" component={ResourcesPage} />
              <Route path="/schedule/:id/cyclogram" component={CyclogramPage} />
              <Route path="/schedule/:id/bim">
                {(params) => (
                  <Suspense fallback={<Spinner />}>
                    <BimPage params={params} />
                  </Suspense>
                )}
              </Route>
              <Route path="/schedule/:id" component={SchedulePage} />
              <Route path="/grid/:projectId" component={GridSchedulePage} />
              <Route path="/calendars" component={CalendarsPage} />
              <Route path="/attributes" component={AttributesPage} />
              <Route path="/directories" component={DirectoriesPage} />
              <Route path="/viewsettings" component={ViewSettingsPage} />
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
