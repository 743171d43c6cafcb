/**
 * The authorization matrix: every call of the API with the roles that may make it. The matrix test
 * (matrix.test.ts) makes each call as every role and expects 401 (anonymous) or 403 (signed in)
 * for the roles not listed, and neither for those listed; it also fails when a route of the API is
 * missing here. Each capability adds its rows.
 *
 * `{self}` in a path stands for the id of the signed-in user making the call.
 */
export const ROLES = [
  'anonymous',
  /** A signed-in person with no relation to what is called. */
  'user',
  /** The person the path names. */
  'self',
  'platform_super_admin',
  'platform_admin',
  'platform_employee',
] as const;
export type Role = (typeof ROLES)[number];

export const EVERYONE: readonly Role[] = ROLES;
export const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'anonymous');

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered. */
  route: string;
  /** The URL to call, with `{self}` for the caller's id. */
  path: string;
  allowed: readonly Role[];
  body?: unknown;
}

export const MATRIX: MatrixRow[] = [
  // Platform
  { method: 'GET', route: '/api/health', path: '/api/health', allowed: EVERYONE },
  // Auth (public by nature)
  { method: 'POST', route: '/api/auth/login', path: '/api/auth/login', allowed: EVERYONE, body: {} },
  { method: 'POST', route: '/api/auth/register', path: '/api/auth/register', allowed: EVERYONE, body: {} },
  { method: 'POST', route: '/api/user/register', path: '/api/user/register', allowed: EVERYONE, body: {} },
  {
    method: 'GET',
    route: '/api/auth/activate/:code',
    path: '/api/auth/activate/not-a-code-000',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/auth/send_activation_email/:email',
    path: '/api/auth/send_activation_email/nobody@example.org',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/user/passwordreset/:email',
    path: '/api/user/passwordreset/nobody@example.org',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/auth/password_reset/confirm',
    path: '/api/auth/password_reset/confirm',
    allowed: EVERYONE,
    body: {},
  },
  // The signed-in user
  { method: 'GET', route: '/api/user/get', path: '/api/user/get', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/user/refresh', path: '/api/user/refresh', allowed: SIGNED_IN },
  { method: 'PATCH', route: '/api/user/update', path: '/api/user/update', allowed: SIGNED_IN, body: {} },
  { method: 'PATCH', route: '/api/user/password', path: '/api/user/password', allowed: SIGNED_IN, body: {} },
  { method: 'POST', route: '/api/user/email', path: '/api/user/email', allowed: SIGNED_IN, body: {} },
  { method: 'DELETE', route: '/api/user/:id', path: '/api/user/{self}', allowed: ['self'], body: {} },
  {
    method: 'POST',
    route: '/api/user/avatar/:id',
    path: '/api/user/avatar/{self}',
    allowed: ['self'],
    body: {},
  },
  // Places
  {
    method: 'GET',
    route: '/api/state/by_country/:countryId',
    path: '/api/state/by_country/1',
    allowed: EVERYONE,
  },
  { method: 'GET', route: '/api/city/by_state/:stateId', path: '/api/city/by_state/1', allowed: EVERYONE },
  // Files
  { method: 'GET', route: '/api/files/*', path: '/api/files/avatars/none_small.webp', allowed: EVERYONE },
  // Documentation
  { method: 'GET', route: '/api/openapi.json', path: '/api/openapi.json', allowed: EVERYONE },
];
