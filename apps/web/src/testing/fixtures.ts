import type { LoginResponse, SessionDetail, User } from '@kindred/shared';

export const NOW = Date.parse('2030-01-01T12:00:00.000Z');
export const MINUTE = 60_000;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'donor@example.org',
    first_name: 'Dana',
    last_name: 'Donor',
    address: null,
    national_insurance_number: null,
    gender: null,
    birth_date: null,
    phone: null,
    state_id: null,
    city: null,
    post_code: null,
    credits: 0,
    is_iic_admin: false,
    admin_type: null,
    user_description: null,
    charity_membership: [],
    charity_permissions: [],
    tax_refund: false,
    is_public: false,
    wallet_amount: 123456,
    avatar: null,
    unread_messages: 0,
    is_active: true,
    created_at: '2029-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<SessionDetail> = {}): SessionDetail {
  return {
    user: makeUser(),
    charity_membership: [],
    business_membership: [],
    project_membership: [],
    group_membership: [],
    unread_messages: 0,
    ...overrides,
  };
}

export function makeLogin(expiresAt: number, overrides: Partial<SessionDetail> = {}): LoginResponse {
  return { token: 'token-1', expires_at: new Date(expiresAt).toISOString(), ...makeDetail(overrides) };
}
