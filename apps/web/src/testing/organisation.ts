import type { Business, BusinessMember } from '@kindred/shared';
import { session } from '@/entities/session';
import { businessMembershipFixture } from './fixtures';
import type { stubFetch } from './http';
import { signInWith } from './session';

/** The organisation the organisation area's tests show: Acme Ltd, id 5, approved. */
export const acme: Business = {
  id: 5,
  name: 'Acme Ltd',
  registration_number: null,
  description: null,
  logo: null,
  is_franchise: false,
  parent_id: null,
  lock_status: false,
  approval_status: 'approved',
  rejection_reason: null,
  signoff_policy: { approvals_required: 1, threshold_amount: null, approvals_above_threshold: null },
  created_at: '2029-01-01T00:00:00.000Z',
};

/** Signs in as a member of Acme Ltd with the given role, acting for it. */
export function signInToAcme(adminType: number, signoff = false) {
  signInWith({
    business_membership: [
      businessMembershipFixture({ business_id: 5, admin_type: adminType, is_signoff_admin: signoff }),
    ],
  });
  session.setActiveAccount({ type: 'business', id: 5 });
}

/** The JSON body of the first call with a body to the path, or undefined. */
export const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find(
    (c) => new URL(String(c[0]), 'http://x').pathname === path && (c[1] as RequestInit | undefined)?.body,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

/** A member of an organisation as its member list answers it: an Employee named `first` Smith. */
export function businessMemberFixture(
  id: number,
  first: string,
  overrides: Partial<BusinessMember> = {},
): BusinessMember {
  return {
    user_id: id,
    first_name: first,
    last_name: 'Smith',
    email: `${first.toLowerCase()}@example.org`,
    avatar: null,
    admin_type: 99,
    is_signoff_admin: false,
    joined_at: '2029-01-01T00:00:00.000Z',
    ...overrides,
  };
}
