/**
 * The REST API (`/api/v1`) as one declarative table: method + path → tRPC procedure. Path
 * parameters, the query string and the JSON (or multipart) body merge into the procedure's input;
 * `coerce` turns query strings into numbers/booleans; `cookies` fills input from cookies when absent.
 * No business logic lives here: it is all in the procedures.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  procedure: string;
  coerce?: Record<string, 'number' | 'boolean'>;
  cookies?: Record<string, string>;
  /** HTTP status from the result, e.g. 503 when the health check fails. */
  status?: (output: unknown) => number;
}

const space = (path: string) => `/space/:spaceId${path}`;

export const REST_ROUTES: RestRoute[] = [
  // System
  { method: 'GET', path: '/system-state', procedure: 'system.state' },
  { method: 'POST', path: '/client-error', procedure: 'system.clientError' },
  {
    method: 'GET',
    path: '/health-check',
    procedure: 'system.healthCheck',
    status: (out) => ((out as { status: string }).status === 'ok' ? 200 : 503),
  },
  { method: 'GET', path: '/guide', procedure: 'system.guide' },
  // Auth
  { method: 'POST', path: '/auth/login', procedure: 'auth.login' },
  { method: 'POST', path: '/auth/logout', procedure: 'auth.logout', coerce: { everywhere: 'boolean' } },
  // Users
  { method: 'GET', path: '/users/who-am-i', procedure: 'users.whoAmI' },
  { method: 'PUT', path: '/users', procedure: 'users.update' },
  { method: 'POST', path: '/users/register', procedure: 'users.register' },
  { method: 'POST', path: '/users/register-and-login', procedure: 'users.registerAndLogin' },
  { method: 'PUT', path: '/users/change-password', procedure: 'users.changePassword' },
  { method: 'PUT', path: '/users/reset-password-request', procedure: 'users.resetPasswordRequest' },
  { method: 'PUT', path: '/users/reset-password', procedure: 'users.resetPassword' },
  { method: 'PUT', path: '/users/change-forgotten-password', procedure: 'users.changeForgottenPassword' },
  { method: 'GET', path: '/users/spaces', procedure: 'users.spaces' },
  {
    method: 'GET',
    path: '/users/space-config',
    procedure: 'users.spaceConfig',
    cookies: { space_id: 'spaceId' },
  },
  { method: 'GET', path: '/users/avatar', procedure: 'users.avatar' },
  { method: 'POST', path: '/users/avatar', procedure: 'users.uploadAvatar' },
  { method: 'DELETE', path: '/users/avatar', procedure: 'users.deleteAvatar' },
  { method: 'GET', path: '/users/:userId/avatar', procedure: 'users.avatar' },
  { method: 'PUT', path: '/users/accept-privacy-policy', procedure: 'users.acceptPrivacyPolicy' },
  { method: 'PATCH', path: '/users/:userId/set-executor', procedure: 'users.setExecutor' },
  // Spaces
  { method: 'POST', path: '/space/create', procedure: 'space.create' },
  { method: 'POST', path: '/space/create-demo', procedure: 'space.createDemo' },
  { method: 'PUT', path: space(''), procedure: 'space.rename' },
  { method: 'DELETE', path: space(''), procedure: 'space.delete' },
  { method: 'GET', path: space('/deletion'), procedure: 'space.deletionStatus' },
  { method: 'POST', path: space('/demo'), procedure: 'space.demo' },
  { method: 'GET', path: space('/users'), procedure: 'space.users' },
  { method: 'POST', path: space('/users/invite'), procedure: 'space.invite' },
  { method: 'POST', path: space('/users/kickout'), procedure: 'space.kickout' },
  { method: 'PATCH', path: space('/users/role'), procedure: 'space.setMemberRole' },
  { method: 'GET', path: space('/settings'), procedure: 'space.settings' },
  { method: 'PUT', path: space('/settings'), procedure: 'space.updateSettings' },
  { method: 'GET', path: space('/access'), procedure: 'space.access' },
  { method: 'GET', path: space('/licence'), procedure: 'space.licence' },
  { method: 'GET', path: space('/audit'), procedure: 'space.audit', coerce: { limit: 'number' } },
  // Roles
  { method: 'GET', path: space('/roles'), procedure: 'roles.list' },
  { method: 'POST', path: space('/roles'), procedure: 'roles.create' },
  { method: 'PUT', path: space('/roles/:roleId'), procedure: 'roles.update' },
  { method: 'DELETE', path: space('/roles/:roleId'), procedure: 'roles.delete' },
  // Delegation
  { method: 'GET', path: space('/delegation'), procedure: 'delegation.list' },
  { method: 'POST', path: space('/delegation'), procedure: 'delegation.create' },
  { method: 'DELETE', path: space('/delegation/:delegationId'), procedure: 'delegation.delete' },
];
