import { ADMIN_TYPE, ADMIN_TYPES, type BusinessMember, labelOf } from '@kindred/shared';
import { NativeSelect, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { AccountMembersSection, type MembersWords, type MemberTools, memberName } from '@/entities/account';
import { organisationQueries } from '@/entities/organisation';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { useAddSignoffAdmin } from '../api/add-signoff-admin';
import { useRemoveMember } from '../api/remove-member';
import { useRemoveSignoffAdmin } from '../api/remove-signoff-admin';
import { useSetMemberRole } from '../api/set-member-role';
import { useOrganisationContext } from './organisation-layout';

type Role = 1 | 2 | 99;

const WORDS: MembersWords = {
  noun: 'organisation',
  leaveMessage: 'You lose access to this organisation. Your own account stays as it is.',
  removeMessage: (name, organisation) =>
    `${name} loses access to ${organisation}. Their own account stays as it is.`,
  problemTitle: 'Not changed',
  lastSuperAdmin: () => 'The only Super Admin: make another member Super Admin first.',
};

/** `/organisation/members`: roles, sign-off admins and removal (asked first); the last Super Admin stays. */
export function OrganisationMembersSection() {
  const { business, access } = useOrganisationContext();
  const me = useCurrentUser();
  const members = useQuery(organisationQueries.members(business.id));
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const addSignoff = useAddSignoffAdmin();
  const removeSignoff = useRemoveSignoffAdmin();

  const onRole = async (tools: MemberTools<BusinessMember>, member: BusinessMember, adminType: Role) => {
    try {
      await setRole.mutateAsync({ businessId: business.id, user_id: member.user_id, admin_type: adminType });
      tools.succeeded();
      toast.success('Role changed', `${memberName(member)} is now ${labelOf(ADMIN_TYPES, adminType)}.`);
      if (member.user_id === me?.id) void reloadMemberships();
    } catch (error) {
      tools.refused(error, 'The role could not be changed.');
    }
  };

  const onSignoff = async (tools: MemberTools<BusinessMember>, member: BusinessMember, on: boolean) => {
    try {
      const input = { businessId: business.id, userId: member.user_id };
      await (on ? addSignoff.mutateAsync(input) : removeSignoff.mutateAsync(input));
      tools.succeeded();
      toast.success(on ? 'Sign-off admin added' : 'Sign-off admin removed', memberName(member));
      if (member.user_id === me?.id) void reloadMemberships();
    } catch (error) {
      tools.refused(error, 'The sign-off admins could not be changed.');
    }
  };

  // Only a Super Admin makes or unmakes Super Admins; Admins move members between Admin and Employee.
  const roleChoices = (member: BusinessMember) =>
    ADMIN_TYPES.map((type) => ({
      value: String(type.id),
      label: type.label,
      disabled:
        !access.isSuperAdmin &&
        (type.id === ADMIN_TYPE.superAdmin || member.admin_type === ADMIN_TYPE.superAdmin),
    }));

  return (
    <AccountMembersSection<BusinessMember>
      accountName={business.name}
      words={WORDS}
      members={members}
      intro={
        <Text size="sm">
          Sign-off admins approve donations made on behalf of {business.name}; nobody approves a donation they
          asked for themselves.
        </Text>
      }
      mayRemove={(member, self) =>
        self || (access.isAdmin && (access.isSuperAdmin || member.admin_type !== ADMIN_TYPE.superAdmin))
      }
      remove={(userId) => remove.mutateAsync({ businessId: business.id, userId })}
      columns={(tools) => [
        {
          header: 'Role',
          cell: (member) =>
            access.isAdmin ? (
              <NativeSelect
                aria-label={`Role of ${memberName(member)}`}
                data={roleChoices(member)}
                value={String(member.admin_type)}
                disabled={
                  setRole.isPending ||
                  tools.isLastSuperAdmin(member) ||
                  (!access.isSuperAdmin && member.admin_type === ADMIN_TYPE.superAdmin)
                }
                onChange={(event) => onRole(tools, member, Number(event.currentTarget.value) as Role)}
              />
            ) : (
              (labelOf(ADMIN_TYPES, member.admin_type) ?? 'Member')
            ),
        },
        {
          header: 'Sign-off admin',
          cell: (member) =>
            access.isSuperAdmin ? (
              <Switch
                aria-label={`${memberName(member)} signs off donations`}
                checked={member.is_signoff_admin}
                disabled={addSignoff.isPending || removeSignoff.isPending}
                onChange={(event) => onSignoff(tools, member, event.currentTarget.checked)}
                label={member.is_signoff_admin ? 'Yes' : 'No'}
              />
            ) : member.is_signoff_admin ? (
              'Yes'
            ) : (
              'No'
            ),
        },
      ]}
      note={
        !access.isAdmin ? (
          <Text size="sm">The organisation’s Super Admins and Admins change roles and members.</Text>
        ) : null
      }
    />
  );
}
