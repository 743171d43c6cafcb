/**
 * The authorization matrix: every call of the API with the roles that may make it. The matrix test
 * (matrix.test.ts) makes each call as every role and expects 401 (anonymous) or 403 (signed in)
 * for the roles not listed, and neither for those listed; it also fails when a route of the API is
 * missing here. Each capability adds its rows.
 *
 * In paths and bodies, `{self}` stands for the id of the person the call is about (the `self` role
 * calls it for itself), `{business}` for the organisation and `{charity}` for the charity whose
 * members the matrix test creates, `{project}` for a Draft project of that charity (its admin manages
 * it), and `{charity_spare}` / `{project_spare}` for ones the calls may delete or cancel.
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
  'business_super_admin',
  'business_admin',
  'business_employee',
  'business_signoff_admin',
  'charity_admin',
] as const;
export type Role = (typeof ROLES)[number];

export const EVERYONE: readonly Role[] = ROLES;
export const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'anonymous');
const BUSINESS_ADMINS: readonly Role[] = ['business_super_admin', 'business_admin', 'business_signoff_admin'];
const MONEY_ADMINS: readonly Role[] = ['platform_super_admin', 'platform_admin'];
const PLATFORM_ADMINS: readonly Role[] = ['platform_super_admin', 'platform_admin', 'platform_employee'];
const BUSINESS_MEMBERS: readonly Role[] = [...BUSINESS_ADMINS, 'business_employee'];
/** The fixture charity's admin: it manages the charity and its projects. */
const CHARITY_ADMIN: readonly Role[] = ['charity_admin'];

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
  { method: 'GET', route: '/api/config', path: '/api/config', allowed: EVERYONE },
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
  // Money: a person's own wallet
  { method: 'GET', route: '/api/user/wallet', path: '/api/user/wallet', allowed: SIGNED_IN },
  { method: 'POST', route: '/api/user/deposit', path: '/api/user/deposit', allowed: SIGNED_IN, body: {} },
  {
    method: 'POST',
    route: '/api/user/deposit/confirm',
    path: '/api/user/deposit/confirm',
    allowed: SIGNED_IN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/user/payments/:from/:to',
    path: '/api/user/payments/2026-01-01/2026-12-31',
    allowed: SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/user/statement/:from/:to',
    path: '/api/user/statement/2026-01-01/2026-12-31',
    allowed: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/user/create_direct_debit',
    path: '/api/user/create_direct_debit',
    allowed: SIGNED_IN,
    body: {},
  },
  { method: 'GET', route: '/api/user/direct_debits', path: '/api/user/direct_debits', allowed: SIGNED_IN },
  {
    method: 'DELETE',
    route: '/api/user/direct_debit/:debitId',
    path: '/api/user/direct_debit/999999',
    allowed: SIGNED_IN,
  },
  // Money: an organisation's wallet (its Super Admins and Admins)
  {
    method: 'GET',
    route: '/api/business/wallet/:id',
    path: '/api/business/wallet/{business}',
    allowed: BUSINESS_ADMINS,
  },
  {
    method: 'POST',
    route: '/api/business/:id/deposit',
    path: '/api/business/{business}/deposit',
    allowed: BUSINESS_ADMINS,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/business/:id/confirm',
    path: '/api/business/{business}/confirm',
    allowed: BUSINESS_ADMINS,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/business/:id/payments/:from/:to',
    path: '/api/business/{business}/payments/2026-01-01/2026-12-31',
    allowed: BUSINESS_ADMINS,
  },
  {
    method: 'GET',
    route: '/api/business/:id/statement/:from/:to',
    path: '/api/business/{business}/statement/2026-01-01/2026-12-31',
    allowed: BUSINESS_ADMINS,
  },
  {
    method: 'POST',
    route: '/api/business/direct_debit/:id',
    path: '/api/business/direct_debit/{business}',
    allowed: BUSINESS_ADMINS,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/business/:id/direct_debits',
    path: '/api/business/{business}/direct_debits',
    allowed: BUSINESS_ADMINS,
  },
  {
    method: 'DELETE',
    route: '/api/business/:id/direct_debit/:debitId',
    path: '/api/business/{business}/direct_debit/999999',
    allowed: BUSINESS_ADMINS,
  },
  // Transfers between an organisation and its sub-business: the service requires a Super Admin of
  // the parent, so every signed-in person reaches it and the others get 403 from it (tested in
  // wallet.test.ts); with an empty body everyone signed in gets 400 here.
  {
    method: 'POST',
    route: '/api/organisation/transfer_funds',
    path: '/api/organisation/transfer_funds',
    allowed: SIGNED_IN,
    body: {},
  },
  // Platform admin money
  {
    method: 'POST',
    route: '/api/admin/user/:id/deposit',
    path: '/api/admin/user/{self}/deposit',
    allowed: MONEY_ADMINS,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/admin/business/:id/deposit',
    path: '/api/admin/business/{business}/deposit',
    allowed: MONEY_ADMINS,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/admin/business/:id/cc',
    path: '/api/admin/business/{business}/cc',
    allowed: MONEY_ADMINS,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/admin/direct_debits_list',
    path: '/api/admin/direct_debits_list',
    allowed: PLATFORM_ADMINS,
  },
  // A charity's payout account. PATCH checks the charity admin in its service (body names the
  // charity): with an empty body every signed-in person gets 400.
  {
    method: 'PATCH',
    route: '/api/stripe/account',
    path: '/api/stripe/account',
    allowed: SIGNED_IN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/stripe/account/:id',
    path: '/api/stripe/account/{charity}',
    allowed: ['charity_admin'],
  },
  // Payment provider webhooks: public, verified by signature
  { method: 'POST', route: '/api/stripe/webhook', path: '/api/stripe/webhook', allowed: EVERYONE, body: {} },

  // Charities
  { method: 'GET', route: '/api/charity/:id', path: '/api/charity/{charity}', allowed: EVERYONE },
  {
    method: 'PATCH',
    route: '/api/charity/:id',
    path: '/api/charity/{charity}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/charity/:id',
    path: '/api/charity/{charity_spare}',
    allowed: CHARITY_ADMIN,
  },
  { method: 'GET', route: '/api/charity/list', path: '/api/charity/list', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/charity/users/:id',
    path: '/api/charity/users/{charity}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'PATCH',
    route: '/api/membership/charity/:charity_id/:user_id',
    path: '/api/membership/charity/{charity}/{self}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/membership/charity/:charity_id/:user_id',
    path: '/api/membership/charity/{charity}/{self}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/charity/funds/:id',
    path: '/api/charity/funds/{charity}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/charity/logo/:id',
    path: '/api/charity/logo/{charity}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/user/add/charity',
    path: '/api/user/add/charity',
    allowed: SIGNED_IN,
    body: {},
  },
  { method: 'POST', route: '/api/charity', path: '/api/charity', allowed: MONEY_ADMINS, body: {} },
  {
    method: 'GET',
    route: '/api/admin/charity/pending/list',
    path: '/api/admin/charity/pending/list',
    allowed: PLATFORM_ADMINS,
  },
  {
    method: 'POST',
    route: '/api/admin/charity/pending/update',
    path: '/api/admin/charity/pending/update',
    allowed: MONEY_ADMINS,
    body: {},
  },
  {
    method: 'PATCH',
    route: '/api/admin/charity/:id/lock',
    path: '/api/admin/charity/{charity}/lock',
    allowed: MONEY_ADMINS,
    body: {},
  },

  // Projects. Calls that name the project in the body reach their service for everyone signed in,
  // which refuses those who may not manage the project (tested in projects.test.ts).
  { method: 'POST', route: '/api/project/create', path: '/api/project/create', allowed: SIGNED_IN, body: {} },
  { method: 'GET', route: '/api/project/individual', path: '/api/project/individual', allowed: SIGNED_IN },
  {
    method: 'GET',
    route: '/api/project/business/:id',
    path: '/api/project/business/{business}',
    allowed: BUSINESS_MEMBERS,
  },
  { method: 'GET', route: '/api/project/:id', path: '/api/project/{project}', allowed: EVERYONE },
  {
    method: 'PATCH',
    route: '/api/project/:id',
    path: '/api/project/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/project/:id',
    path: '/api/project/{project_spare}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'PATCH',
    route: '/api/project/update/:id',
    path: '/api/project/update/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/project/:id/summary',
    path: '/api/project/{project}/summary',
    allowed: EVERYONE,
  },
  { method: 'POST', route: '/api/project/clone', path: '/api/project/clone', allowed: SIGNED_IN, body: {} },
  {
    method: 'POST',
    route: '/api/project/:id/complete',
    path: '/api/project/{project}/complete',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/project/:id/cancel',
    path: '/api/project/{project}/cancel',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'PATCH',
    route: '/api/project/extend/:id',
    path: '/api/project/extend/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/project/updates',
    path: '/api/project/updates',
    allowed: SIGNED_IN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/project/updates/:id',
    path: '/api/project/updates/{project}',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/project/:id/impact',
    path: '/api/project/{project}/impact',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/project/:id/impact',
    path: '/api/project/{project}/impact',
    allowed: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/project/:id/impact/image',
    path: '/api/project/{project}/impact/image',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/project/logo/:id',
    path: '/api/project/logo/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/project/image/:id',
    path: '/api/project/image/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/project/:id/images',
    path: '/api/project/{project}/images',
    allowed: EVERYONE,
  },
  {
    method: 'DELETE',
    route: '/api/project/galery/:id/:image_id',
    path: '/api/project/galery/{project}/999999',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/project/document/:id',
    path: '/api/project/document/{project}',
    allowed: CHARITY_ADMIN,
    body: {},
  },
  {
    method: 'GET',
    route: '/api/project/:id/documents',
    path: '/api/project/{project}/documents',
    allowed: EVERYONE,
  },
  {
    method: 'DELETE',
    route: '/api/project/document/:charity_id/:id/:document_id',
    path: '/api/project/document/{charity}/{project}/999999',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/project/admins/:id',
    path: '/api/project/admins/{project}',
    allowed: CHARITY_ADMIN,
  },
  // A project admin may step down; others need to manage the project.
  {
    method: 'DELETE',
    route: '/api/membership/project/:project_id/:user_id',
    path: '/api/membership/project/{project}/{self}',
    allowed: ['self', 'charity_admin'],
  },
  {
    method: 'GET',
    route: '/api/charity/projects/:id',
    path: '/api/charity/projects/{charity}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/charity/projects/:id/:status',
    path: '/api/charity/projects/{charity}/2',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/charity/:id/expired_projects',
    path: '/api/charity/{charity}/expired_projects',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/project/associate/:project_id/:charity_id',
    path: '/api/project/associate/{project}/{charity}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/charity/associated_requests/:id',
    path: '/api/charity/associated_requests/{charity}',
    allowed: CHARITY_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/charity/associated_approve',
    path: '/api/charity/associated_approve',
    allowed: SIGNED_IN,
    body: {},
  },
  {
    method: 'POST',
    route: '/api/charity/associated_reject',
    path: '/api/charity/associated_reject',
    allowed: SIGNED_IN,
    body: {},
  },
  { method: 'POST', route: '/api/admin/return', path: '/api/admin/return', allowed: MONEY_ADMINS, body: {} },

  // Explore: public
  { method: 'GET', route: '/api/explore/project/list', path: '/api/explore/project/list', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/explore/project/locations',
    path: '/api/explore/project/locations',
    allowed: EVERYONE,
  },
  { method: 'GET', route: '/api/explore/charity/list', path: '/api/explore/charity/list', allowed: EVERYONE },
  {
    method: 'GET',
    route: '/api/explore/charity/locations',
    path: '/api/explore/charity/locations',
    allowed: EVERYONE,
  },
  { method: 'GET', route: '/api/explore/group/list', path: '/api/explore/group/list', allowed: EVERYONE },
];
