import {
  ADMIN_TYPE,
  ADMIN_TYPES,
  CHARITY_MEMBER_PERMISSIONS,
  type CharityMember,
  type CharityMemberPermission,
  labelOf,
} from '@kindred/shared';
import { Alert, Badge, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { toast } from '@/components/ui/toast';
import { AccountMembersSection, type MembersWords, memberName } from '@/entities/account';
import { charityQueries, PERMISSION_LABELS } from '@/entities/charity';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { useCharityContext } from './charity-layout';

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
      toast.success('Member updated', memberName(member));
      if (member.user_id === me?.id) void reloadMemberships();
      onClose();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The member could not be updated.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Edit ${memberName(member)}`} size="md" centered>
      <form onSubmit={submit} noValidate aria-label={`Edit ${memberName(member)}`}>
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
          <DialogActions submitLabel="Save member" pending={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

const WORDS: MembersWords = {
  noun: 'charity',
  leaveMessage: 'You lose access to this charity.',
  removeMessage: (name, charity) => `${name} loses access to ${charity}.`,
  problemTitle: 'Not removed',
  lastSuperAdmin: (self) =>
    self ? 'The only Super Admin: make another member Super Admin to leave.' : 'The only Super Admin',
};

/** The refusal of a removal: the last admin is told what to do first. */
function removeRefusal(error: unknown): string {
  const message = isApiError(error) ? error.message : 'The member could not be removed.';
  return isApiError(error) && error.code === 'LAST_ADMIN'
    ? `${message} Make another member Super Admin first.`
    : message;
}

/** `/charity/members`: roles and permissions; removing asks first; the last admin stays. */
export function CharityMembersSection() {
  const { charity, access } = useCharityContext();
  const members = useQuery(charityQueries.members(charity.id));
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<CharityMember | null>(null);
  const canManage = access.can('manage_members');

  return (
    <AccountMembersSection<CharityMember>
      accountName={charity.name}
      words={WORDS}
      members={members}
      mayRemove={(_member, self) => canManage || self}
      remove={(userId) => remove.mutateAsync({ charityId: charity.id, userId })}
      removeRefusal={removeRefusal}
      columns={() => [
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
      ]}
      actions={(member) =>
        canManage ? (
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit ${memberName(member)}`}
            onClick={() => setEditing(member)}
          >
            Edit
          </Button>
        ) : null
      }
      note={
        !canManage ? <Text size="sm">You need the Manage members permission to change members.</Text> : null
      }
    >
      {editing ? <EditMemberDialog member={editing} onClose={() => setEditing(null)} /> : null}
    </AccountMembersSection>
  );
}
