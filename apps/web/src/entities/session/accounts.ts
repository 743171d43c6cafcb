import type { AccountKindName, BusinessMembership, CharityMembership, User } from '@kindred/shared';

/** The account a person acts as: themselves, or one of their charities or organisations. */
export type ActiveAccountRef =
  | { type: 'individual' }
  | { type: 'charity'; id: number }
  | { type: 'business'; id: number };

export const INDIVIDUAL_ACCOUNT: ActiveAccountRef = { type: 'individual' };

export interface AccountOption {
  /** Stable key, e.g. `individual`, `charity:3`, `business:7`. */
  key: string;
  ref: ActiveAccountRef;
  /**
   * Theme kind: individual, charity, organisation or franchise (account kinds:
   * docs/product/reference-lists.md#account-kinds-and-owner-types).
   */
  kind: Exclude<AccountKindName, 'default'>;
  label: string;
}

export function accountKey(ref: ActiveAccountRef): string {
  return ref.type === 'individual' ? 'individual' : `${ref.type}:${ref.id}`;
}

export function isAccountRef(value: unknown): value is ActiveAccountRef {
  if (!value || typeof value !== 'object') return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  if (type === 'individual') return true;
  return (type === 'charity' || type === 'business') && typeof id === 'number';
}

/** Every account the signed-in person can switch to, individual first. */
export function accountOptions(
  user: Pick<User, 'first_name' | 'last_name'> | null,
  charities: readonly CharityMembership[],
  businesses: readonly BusinessMembership[],
): AccountOption[] {
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return [
    {
      key: 'individual',
      ref: INDIVIDUAL_ACCOUNT,
      kind: 'individual',
      label: name ? `${name} (personal)` : 'Personal account',
    },
    ...charities.map((charity): AccountOption => {
      const ref: ActiveAccountRef = { type: 'charity', id: charity.charity_id };
      return { key: accountKey(ref), ref, kind: 'charity', label: charity.name };
    }),
    ...businesses.map((business): AccountOption => {
      const ref: ActiveAccountRef = { type: 'business', id: business.business_id };
      return {
        key: accountKey(ref),
        ref,
        kind: business.is_franchise ? 'franchise' : 'organisation',
        label: business.name,
      };
    }),
  ];
}
