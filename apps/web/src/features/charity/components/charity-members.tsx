import {
  ADMIN_TYPE,
  ADMIN_TYPES,
  CHARITY_MEMBER_PERMISSIONS,
  type CharityMember,
  type CharityMemberPermission,
  labelOf,
} from '@kindred/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { charityQueries, PERMISSION_LABELS } from '@/entities/charity';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { useCharityContext } from './charity-layout';

const fullName = (member: CharityMember) => `${member.first_name} ${member.last_name}`;

function EditMemberDialog({ member, onClose }: { member: CharityMember; onClose: () => void }) {
  const { charity, access } = useCharityContext();
  const me = useCurrentUser();
  const update = useUpdateMember();
  const [adminType, setAdminType] = useState<1 | 2 | 99>(member.admin_type as 1 | 2 | 99);
  const [permissions, setPermissions] = useState<string[]>(member.permissions);
  const [problem, setProblem] = useState<string | null>(null);
  const isAdminRole = adminType === ADMIN_TYPE.superAdmin;
  // Only admins make or unmake admins.
  const roleLocked =
    !access.isAdmin && (member.admin_type === ADMIN_TYPE.superAdmin || adminType === ADMIN_TYPE.superAdmin);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({
        charityId: charity.id,
        userId: member.user_id,
        admin_type: adminType,
        permissions: isAdminRole ? undefined : (permissions as CharityMemberPermission[]),
      });
      toast.success('Member updated', fullName(member));
      if (member.user_id === me?.id) void reloadMemberships();
      onClose();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The member could not be updated.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${fullName(member)}`} size="md" centered>
      <form onSubmit={submit} noValidate aria-label={`Edit ${fullName(member)}`}>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" variant="light" title="Not updated" role="alert">
              {problem}
            </Alert>
          ) : null}
          <NativeSelect
            label="Role"
            data={ADMIN_TYPES.map((type) => ({
              value: String(type.id),
              label: type.label,
              disabled: !access.isAdmin && type.id === 1,
            }))}
            value={String(adminType)}
            disabled={roleLocked && member.admin_type === ADMIN_TYPE.superAdmin}
            onChange={(event) => setAdminType(Number(event.currentTarget.value) as 1 | 2 | 99)}
            description="A Super Admin has every permission."
          />
          <Checkbox.Group
            label="Permissions"
            value={isAdminRole ? [...CHARITY_MEMBER_PERMISSIONS] : permissions}
            onChange={setPermissions}
            description={isAdminRole ? 'Super Admins have every permission.' : undefined}
          >
            <Stack gap="xs" mt="xs">
              {CHARITY_MEMBER_PERMISSIONS.map((permission) => (
                <Checkbox
                  key={permission}
                  value={permission}
                  label={PERMISSION_LABELS[permission]}
                  disabled={isAdminRole}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save member
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `/charity/members`: roles and permissions; removing asks first; the last admin stays. */
export function CharityMembersSection() {
  const { charity, access } = useCharityContext();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const members = useQuery(charityQueries.members(charity.id));
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<CharityMember | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canManage = access.can('manage_members');

  const onRemove = async (member: CharityMember) => {
    const self = member.user_id === me?.id;
    const ok = await confirm({
      title: self ? `Leave ${charity.name}?` : `Remove ${fullName(member)}?`,
      message: self
        ? 'You lose access to this charity.'
        : `${fullName(member)} loses access to ${charity.name}.`,
      confirmLabel: self ? 'Leave charity' : 'Remove member',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ charityId: charity.id, userId: member.user_id });
      setProblem(null);
      toast.success(self ? 'You left the charity' : 'Member removed', self ? charity.name : fullName(member));
      if (self) {
        await reloadMemberships();
        navigate('/', { replace: true });
      }
    } catch (error) {
      // Said once, on the page (the call is silent).
      const message = isApiError(error) ? error.message : 'The member could not be removed.';
      setProblem(
        isApiError(error) && error.code === 'LAST_ADMIN'
          ? `${message} Make another member Super Admin first.`
          : message,
      );
    }
  };

  const items = members.data?.items ?? [];
  // The last Super Admin cannot leave nor be removed (the API refuses it): no button offers it.
  const superAdmins = items.filter((member) => member.admin_type === ADMIN_TYPE.superAdmin).length;
  const lastSuperAdmin = (member: CharityMember) =>
    member.admin_type === ADMIN_TYPE.superAdmin && superAdmins <= 1;
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="charity-members-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="charity-members-heading">
          Members
        </Title>
        {problem ? (
          <Alert
            color="red"
            variant="light"
            title="Not removed"
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
              { header: 'Role', cell: (member) => labelOf(ADMIN_TYPES, member.admin_type) ?? 'Member' },
              {
                header: 'Permissions',
                cell: (member) => (
                  <Group gap={4}>
                    {member.permissions.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    ) : (
                      member.permissions.map((permission) => (
                        <Badge key={permission} variant="outline" color="dark" size="sm">
                          {PERMISSION_LABELS[permission as CharityMemberPermission] ?? permission}
                        </Badge>
                      ))
                    )}
                  </Group>
                ),
              },
              {
                header: 'Actions',
                hiddenHeader: true,
                cell: (member) => {
                  const self = member.user_id === me?.id;
                  return (
                    <Group gap={4}>
                      {canManage ? (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Edit ${fullName(member)}`}
                          onClick={() => setEditing(member)}
                        >
                          Edit
                        </Button>
                      ) : null}
                      {(canManage || self) && lastSuperAdmin(member) ? (
                        <Text size="sm" c="dimmed">
                          {self
                            ? 'The only Super Admin: make another member Super Admin to leave.'
                            : 'The only Super Admin'}
                        </Text>
                      ) : canManage || self ? (
                        <Button
                          size="xs"
                          variant="default"
                          c="red.9"
                          aria-label={self ? 'Leave the charity' : `Remove ${fullName(member)}`}
                          onClick={() => onRemove(member)}
                        >
                          {self ? 'Leave' : 'Remove'}
                        </Button>
                      ) : null}
                    </Group>
                  );
                },
              },
            ]}
          />
        )}
        {!canManage ? <Text size="sm">You need the Manage members permission to change members.</Text> : null}
      </Stack>
      {editing ? <EditMemberDialog member={editing} onClose={() => setEditing(null)} /> : null}
    </Paper>
  );
}
