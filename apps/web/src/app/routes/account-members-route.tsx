import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { InvitePeoplePanel, JoinRequests } from '@/features/invitations';

/** The roles an inviter may give (the lowest first); Super Admin only for those who may make one. */
const inviteRoles = (withSuperAdmin: boolean) => [
  { value: 99 as const, label: 'Employee' },
  { value: 2 as const, label: 'Admin' },
  ...(withSuperAdmin ? [{ value: 1 as const, label: 'Super Admin' }] : []),
];

export interface AccountMembersRouteProps {
  /** The account's members section (its feature's). */
  section: ReactNode;
  account: { type: 'charity' | 'business'; id: number; name: string };
  /** Whether the viewer manages members: they answer requests and invite people. */
  manages: boolean;
  mayInviteSuperAdmin: boolean;
  /** Whether the requests to join are answered here (a charity's; an organisation has its own route). */
  joinRequests?: boolean;
}

/**
 * The `members` route of an account with members: its members section, then for those who manage
 * them the invitations feature's requests to join and "Invite people".
 */
export function AccountMembersRoute({ section, account, manages, ...props }: AccountMembersRouteProps) {
  const target = { targetType: account.type, targetId: account.id, targetName: account.name };
  return (
    <Stack gap="lg">
      {section}
      {manages && props.joinRequests ? <JoinRequests {...target} /> : null}
      {manages ? <InvitePeoplePanel {...target} roles={inviteRoles(props.mayInviteSuperAdmin)} /> : null}
    </Stack>
  );
}
