import type { CharityMemberPermission, CharityMembership } from '@kindred/shared';
import { adminLevel, useActiveMembership } from '@/entities/account';

/** The charity the admin screens work on (the switcher's, else the first); null for no charity. */
export const useActiveCharity = (): CharityMembership | null => useActiveMembership('charity');

export interface CharityAccess {
  /** Admin type 1: every permission, makes and unmakes admins, deletes the charity. */
  isAdmin: boolean;
  /** Admin types 1 and 2 edit the profile and logo. */
  canEditProfile: boolean;
  can: (permission: CharityMemberPermission) => boolean;
}

/** What a membership lets the person do (the server checks it again). */
export function charityAccess(
  membership: Pick<CharityMembership, 'admin_type' | 'permissions'>,
): CharityAccess {
  const level = adminLevel(membership.admin_type);
  const isAdmin = level.isSuperAdmin;
  return {
    isAdmin,
    canEditProfile: level.isAdmin,
    can: (permission) => isAdmin || membership.permissions.includes(permission),
  };
}

/** Member permission labels. */
export const PERMISSION_LABELS: Record<CharityMemberPermission, string> = {
  manage_projects: 'Manage projects',
  approve_donations: 'Approve donations',
  manage_members: 'Manage members',
  view_finance: 'View finance',
};

/** What a member may do with the charity's donations (docs/access.md; the server checks it again). */
export interface CharityDonationAccess {
  /** charity.donations.read: Super Admin, Admin, or granted View finance. */
  read: boolean;
  /** charity.donations.approve: Super Admin, Admin, or granted Manage projects. */
  approve: boolean;
  /** charity.gift_aid.claim: Super Admin, or granted View finance. */
  claimGiftAid: boolean;
  /** charity.donations.refund: Super Admin or Admin (refunds gifts, answers givers' requests for one). */
  refund: boolean;
}

export function charityDonationAccess(
  membership: Pick<CharityMembership, 'admin_type' | 'permissions'>,
): CharityDonationAccess {
  const admin = adminLevel(membership.admin_type).isAdmin;
  const access = charityAccess(membership);
  return {
    read: admin || access.can('view_finance'),
    approve: admin || access.can('manage_projects'),
    claimGiftAid: access.can('view_finance'),
    refund: admin,
  };
}
