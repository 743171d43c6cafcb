import { ADMIN_TYPE, ADMIN_TYPES, type BusinessMember, labelOf } from '@kindred/shared';
import { Alert, Button, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { organisationQueries } from '@/entities/organisation';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { useAddSignoffAdmin } from '../api/add-signoff-admin';
import { useRemoveMember } from '../api/remove-member';
import { useRemoveSignoffAdmin } from '../api/remove-signoff-admin';
import { useSetMemberRole } from '../api/set-member-role';
import { useOrganisationContext } from './organisation-layout';

const fullName = (member: BusinessMember) => `${member.first_name} ${member.last_name}`;
type Role = 1 | 2 | 99;

/** `/organisation/members`: roles, sign-off admins and removal (asked first); the last Super Admin stays. */
export function OrganisationMembersSection() {
  const { business, access } = useOrganisationContext();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const members = useQuery(organisationQueries.members(business.id));
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const addSignoff = useAddSignoffAdmin();
  const removeSignoff = useRemoveSignoffAdmin();
  const [problem, setProblem] = useState<string | null>(null);

  const items = members.data?.items ?? [];
  const superAdmins = items.filter((member) => member.admin_type === ADMIN_TYPE.superAdmin).length;
  const lastSuperAdmin = (member: BusinessMember) =>
    member.admin_type === ADMIN_TYPE.superAdmin && superAdmins <= 1;
  const refused = (error: unknown, fallback: string) =>
    setProblem(isApiError(error) ? error.message : fallback);

  const onRole = async (member: BusinessMember, adminType: Role) => {
    try {
      await setRole.mutateAsync({ businessId: business.id, user_id: member.user_id, admin_type: adminType });
      setProblem(null);
      toast.success('Role changed', `${fullName(member)} is now ${labelOf(ADMIN_TYPES, adminType)}.`);
      if (member.user_id === me?.id) void reloadMemberships();
    } catch (error) {
      refused(error, 'The role could not be changed.');
    }
  };

  const onSignoff = async (member: BusinessMember, on: boolean) => {
    try {
      const input = { businessId: business.id, userId: member.user_id };
      await (on ? addSignoff.mutateAsync(input) : removeSignoff.mutateAsync(input));
      setProblem(null);
      toast.success(on ? 'Sign-off admin added' : 'Sign-off admin removed', fullName(member));
      if (member.user_id === me?.id) void reloadMemberships();
    } catch (error) {
      refused(error, 'The sign-off admins could not be changed.');
    }
  };

  const onRemove = async (member: BusinessMember) => {
    const self = member.user_id === me?.id;
    const ok = await confirm({
      title: self ? `Leave ${business.name}?` : `Remove ${fullName(member)}?`,
      message: self
        ? 'You lose access to this organisation. Your own account stays as it is.'
        : `${fullName(member)} loses access to ${business.name}. Their own account stays as it is.`,
      confirmLabel: self ? 'Leave organisation' : 'Remove member',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ businessId: business.id, userId: member.user_id });
      setProblem(null);
      toast.success(
        self ? 'You left the organisation' : 'Member removed',
        self ? business.name : fullName(member),
      );
      if (self) {
        await reloadMemberships();
        navigate('/', { replace: true });
      }
    } catch (error) {
      refused(error, 'The member could not be removed.');
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
    <Paper p="lg" withBorder component="section" aria-labelledby="organisation-members-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="organisation-members-heading">
          Members
        </Title>
        <Text size="sm">
          Sign-off admins approve donations made on behalf of {business.name}; nobody approves a donation they
          asked for themselves.
        </Text>
        {problem ? (
          <Alert
            color="red"
            variant="light"
            title="Not changed"
            role="alert"
            withCloseButton
            onClose={() => setProblem(null)}
            closeButtonLabel="Dismiss"
          >
            {problem}
          </Alert>
        ) : null}
        {members.isPending ? (
          <LoadingState label="Loading members…" />
        ) : members.isError ? (
          <FailedState
            title="The members could not be loaded."
            error={members.error}
            onRetry={members.refetch}
          />
        ) : items.length === 0 ? (
          <EmptyState>No members.</EmptyState>
        ) : (
          <ResponsiveTable
            verticalSpacing="sm"
            rows={items}
            rowKey={(member) => member.user_id}
            columns={[
              {
                header: 'Name',
                cell: (member) => (
                  <>
                    {fullName(member)}
                    {member.user_id === me?.id ? (
                      <Text span c="dimmed">
                        {' '}
                        (you)
                      </Text>
                    ) : null}
                  </>
                ),
              },
              { header: 'Email', cell: (member) => member.email },
              {
                header: 'Role',
                cell: (member) =>
                  access.isAdmin ? (
                    <NativeSelect
                      aria-label={`Role of ${fullName(member)}`}
                      data={roleChoices(member)}
                      value={String(member.admin_type)}
                      disabled={
                        setRole.isPending ||
                        lastSuperAdmin(member) ||
                        (!access.isSuperAdmin && member.admin_type === ADMIN_TYPE.superAdmin)
                      }
                      onChange={(event) => onRole(member, Number(event.currentTarget.value) as Role)}
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
                      aria-label={`${fullName(member)} signs off donations`}
                      checked={member.is_signoff_admin}
                      disabled={addSignoff.isPending || removeSignoff.isPending}
                      onChange={(event) => onSignoff(member, event.currentTarget.checked)}
                      label={member.is_signoff_admin ? 'Yes' : 'No'}
                    />
                  ) : member.is_signoff_admin ? (
                    'Yes'
                  ) : (
                    'No'
                  ),
              },
              {
                header: 'Actions',
                hiddenHeader: true,
                cell: (member) => {
                  const self = member.user_id === me?.id;
                  const mayRemove =
                    self ||
                    (access.isAdmin && (access.isSuperAdmin || member.admin_type !== ADMIN_TYPE.superAdmin));
                  if (!mayRemove) return null;
                  if (lastSuperAdmin(member))
                    return (
                      <Text size="sm" c="dimmed">
                        The only Super Admin: make another member Super Admin first.
                      </Text>
                    );
                  return (
                    <Button
                      size="xs"
                      variant="default"
                      c="red.9"
                      aria-label={self ? 'Leave the organisation' : `Remove ${fullName(member)}`}
                      onClick={() => onRemove(member)}
                    >
                      {self ? 'Leave' : 'Remove'}
                    </Button>
                  );
                },
              },
            ]}
          />
        )}
        {!access.isAdmin ? (
          <Text size="sm">The organisation’s Super Admins and Admins change roles and members.</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
