import type { BusinessMember, EmployeeGroup, EmployeeSubGroup, SubGroupMember } from '@kindred/shared';
import { Accordion, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { QueryFallback, QueryState } from '@/components/ui/query-state';
import { buttonColumn, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { employeeGroupQueries } from '@/entities/employee-group';
import { organisationQueries } from '@/entities/organisation';
import { useCreateGroup } from '../api/create-group';
import { useRenameGroup } from '../api/rename-group';
import { useChangeSubGroupMembers } from '../api/sub-group-members';
import { NameDialog, type NameValues } from './name-dialog';

const fullName = (m: { first_name: string; last_name: string }) => `${m.first_name} ${m.last_name}`;
const describe = (values: NameValues) => ({ name: values.name, description: values.description || null });

type Dialog =
  | { kind: 'group' }
  | { kind: 'sub'; group: EmployeeGroup }
  | { kind: 'rename-group'; group: EmployeeGroup }
  | { kind: 'rename-sub'; group: EmployeeGroup; sub: EmployeeSubGroup };

/** A sub-group's members, with adding from the organisation's members and removing (asked first). */
function SubGroupMembers({
  businessId,
  group,
  sub,
  members,
  canManage,
}: {
  businessId: number;
  group: EmployeeGroup;
  sub: EmployeeSubGroup;
  members: BusinessMember[];
  canManage: boolean;
}) {
  const list = useQuery(employeeGroupQueries.members(businessId, group.id, sub.id));
  const change = useChangeSubGroupMembers();
  const [chosen, setChosen] = useState('');
  // The calls are silent: a refusal shows above the sub-group's members until the next change.
  const { refusal, attempt, attemptConfirmed } = useActionRefusal();
  const inside = new Set((list.data?.items ?? []).map((m) => m.user_id));
  const candidates = members.filter((m) => !inside.has(m.user_id));

  const onAdd = async () => {
    const person = candidates.find((m) => String(m.user_id) === chosen);
    if (!person) return;
    const added = await attempt(`${fullName(person)} was not added`, () =>
      change.mutateAsync({ businessId, groupId: group.id, subId: sub.id, userIds: [person.user_id] }),
    );
    if (!added) return;
    setChosen('');
    toast.success('Added to the sub-group', `${fullName(person)} is in ${sub.name}.`);
  };

  const onRemove = async (userId: number, name: string) => {
    const question = {
      title: `Take ${name} out of ${sub.name}?`,
      message: `${name} stays a member of the organisation.`,
      confirmLabel: 'Take out',
      danger: true,
    };
    const removed = await attemptConfirmed(question, `${name} was not taken out`, () =>
      change.mutateAsync({ businessId, groupId: group.id, subId: sub.id, userIds: [userId], remove: true }),
    );
    if (removed) toast.success('Taken out of the sub-group', name);
  };

  if (!list.isSuccess)
    return (
      <QueryFallback
        query={list}
        loading="Loading members…"
        layout="inline"
        failed="The members could not be loaded."
      />
    );
  return (
    <Stack gap="sm">
      <ActionRefusal refusal={refusal} />
      {list.data.items.length === 0 ? (
        <EmptyState>Nobody is in {sub.name} yet.</EmptyState>
      ) : (
        <ResponsiveTable
          aria-label={`Members of ${sub.name}`}
          rows={list.data.items}
          rowKey={(m) => m.user_id}
          columns={[
            { header: 'Name', cell: (m) => fullName(m), rowHeader: true },
            { header: 'Email', cell: (m) => m.email },
            canManage &&
              buttonColumn((m: SubGroupMember) => ({
                text: 'Take out',
                label: `Take out ${fullName(m)} from ${sub.name}`,
                onClick: () => onRemove(m.user_id, fullName(m)),
                danger: true,
              })),
          ]}
        />
      )}
      {canManage ? (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NativeSelect
            label={`Add a member to ${sub.name}`}
            data={[
              { value: '', label: candidates.length === 0 ? 'Everyone is in it' : 'Choose a member' },
              ...candidates.map((m) => ({ value: String(m.user_id), label: `${fullName(m)} (${m.email})` })),
            ]}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
            disabled={candidates.length === 0}
            miw={240}
          />
          {/* Named for its sub-group: two open sub-groups would otherwise show two "Add" buttons. */}
          <Button
            onClick={onAdd}
            disabled={!chosen}
            loading={change.isPending}
            aria-label={`Add to ${sub.name}`}
          >
            Add
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** `/organisation/groups`: employee groups with their sub-groups and members. */
export function EmployeeGroupsSection({
  businessId,
  businessName,
  canManage,
}: {
  businessId: number;
  businessName: string;
  canManage: boolean;
}) {
  const groups = useQuery(employeeGroupQueries.list(businessId));
  const members = useQuery(organisationQueries.members(businessId));
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const save = async (values: NameValues) => {
    if (!dialog) return;
    if (dialog.kind === 'group') {
      await create.mutateAsync({ businessId, ...describe(values) });
      toast.success('Group added', values.name);
    } else if (dialog.kind === 'sub') {
      await create.mutateAsync({ businessId, groupId: dialog.group.id, ...describe(values) });
      toast.success('Sub-group added', values.name);
    } else if (dialog.kind === 'rename-group') {
      await rename.mutateAsync({ businessId, groupId: dialog.group.id, ...describe(values) });
      toast.success('Update successful', values.name);
    } else {
      await rename.mutateAsync({
        businessId,
        groupId: dialog.group.id,
        subId: dialog.sub.id,
        ...describe(values),
      });
      toast.success('Update successful', values.name);
    }
  };

  const dialogTitle: Record<Dialog['kind'], string> = {
    group: 'New employee group',
    sub: 'New sub-group',
    'rename-group': 'Rename the group',
    'rename-sub': 'Rename the sub-group',
  };
  const initial =
    dialog?.kind === 'rename-group'
      ? { name: dialog.group.name, description: dialog.group.description ?? '' }
      : dialog?.kind === 'rename-sub'
        ? { name: dialog.sub.name, description: dialog.sub.description ?? '' }
        : undefined;

  return (
    <TitledSection
      id="employee-groups-heading"
      title="Employee groups"
      action={canManage ? <Button onClick={() => setDialog({ kind: 'group' })}>New group</Button> : null}
    >
      <Text size="sm">
        Groups such as departments or offices of {businessName}, each with sub-groups of its members.
      </Text>
      <QueryState
        query={groups}
        loading="Loading groups…"
        failed="The groups could not be loaded."
        empty={<EmptyState>{canManage ? 'No groups yet. Add the first one.' : 'No groups yet.'}</EmptyState>}
      >
        {(data) =>
          data.items.map((group) => (
            <Paper key={group.id} withBorder p="md" component="article" aria-labelledby={`group-${group.id}`}>
              <Stack gap="sm">
                <Group justify="space-between" align="center" wrap="wrap">
                  <div>
                    <Title order={3} size="h4" id={`group-${group.id}`}>
                      {group.name}
                    </Title>
                    {group.description ? <Text size="sm">{group.description}</Text> : null}
                  </div>
                  {canManage ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'rename-group', group })}
                        aria-label={`Rename ${group.name}`}
                      >
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'sub', group })}
                        aria-label={`Add sub-group to ${group.name}`}
                      >
                        Add sub-group
                      </Button>
                    </Group>
                  ) : null}
                </Group>
                {group.sub_groups.length === 0 ? (
                  <EmptyState variant="text">No sub-groups yet.</EmptyState>
                ) : (
                  <Accordion variant="separated" multiple>
                    {group.sub_groups.map((sub) => (
                      <Accordion.Item key={sub.id} value={String(sub.id)}>
                        <Accordion.Control>
                          <Group gap="xs">
                            <Text fw={600}>{sub.name}</Text>
                            <Badge variant="outline" color="dark">
                              {sub.member_count === 1 ? '1 member' : `${sub.member_count} members`}
                            </Badge>
                          </Group>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <Stack gap="sm">
                            {sub.description ? <Text size="sm">{sub.description}</Text> : null}
                            {canManage ? (
                              <Group>
                                <Button
                                  size="xs"
                                  variant="subtle"
                                  onClick={() => setDialog({ kind: 'rename-sub', group, sub })}
                                  aria-label={`Rename ${sub.name}`}
                                >
                                  Rename
                                </Button>
                              </Group>
                            ) : null}
                            <SubGroupMembers
                              businessId={businessId}
                              group={group}
                              sub={sub}
                              members={members.data?.items ?? []}
                              canManage={canManage}
                            />
                          </Stack>
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                  </Accordion>
                )}
              </Stack>
            </Paper>
          ))
        }
      </QueryState>
      <NameDialog
        opened={dialog !== null}
        title={dialog ? dialogTitle[dialog.kind] : ''}
        submitLabel={dialog?.kind.startsWith('rename') ? 'Save' : 'Add'}
        {...(initial ? { initial } : {})}
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </TitledSection>
  );
}
