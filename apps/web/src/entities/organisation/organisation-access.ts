import type { BusinessMembership } from '@kindred/shared';
import { adminLevel, useActiveMembership } from '@/entities/account';

/** The organisation its screens work on (the switcher's, else the first); null for none. */
export const useActiveOrganisation = (): BusinessMembership | null => useActiveMembership('business');

/** What a membership lets the person do (docs/access.md; the server checks it again). */
export interface OrganisationAccess {
  /** Super Admin: roles of Super Admins, sign-off admins and policy, deleting. */
  isSuperAdmin: boolean;
  /** Super Admin or Admin: the profile and logo, members' roles between Admin and Employee. */
  isAdmin: boolean;
  /** Marked to approve donations on behalf of the organisation. */
  isSignoffAdmin: boolean;
  /** Sees the donations waiting for sign-off. */
  seesWaitingDonations: boolean;
}

export function organisationAccess(
  membership: Pick<BusinessMembership, 'admin_type' | 'is_signoff_admin'>,
): OrganisationAccess {
  const { isSuperAdmin, isAdmin } = adminLevel(membership.admin_type);
  return {
    isSuperAdmin,
    isAdmin,
    isSignoffAdmin: membership.is_signoff_admin,
    seesWaitingDonations: isAdmin || membership.is_signoff_admin,
  };
}
