import {
  formatMoney,
  GROUP_REQUEST_STATUS,
  GROUP_TYPES,
  type Group,
  type GroupMemberStats,
  type GroupStatistics,
  imageUrl,
  labelOf,
} from '@kindred/shared';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Modal,
  Paper,
  Group as Row,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { FigureGrid, type FigureSpec } from '@/components/ui/figure';
import { FormRefusal } from '@/components/ui/form-refusal';
import { GivingByMonthChart } from '@/components/ui/giving-by-month-chart';
import { Page } from '@/components/ui/page';
import { PersonAvatar } from '@/components/ui/person-avatar';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { groupQueries } from '@/entities/group';
import { reloadMemberships, useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { useLeaveGroup } from '../api/leave-group';
import { useMakeGroupAdmins } from '../api/make-group-admins';
import { useRegeneratePin } from '../api/regenerate-pin';
import { useRemoveGroupMember } from '../api/remove-group-member';
import { useSetGroupMember } from '../api/set-group-member';
import { FundraisingTeam } from './fundraising-team';
import { JoinByPin } from './join-by-pin';

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** The admin's PIN box: the PIN to share and a new one on demand. */
function PinPanel({ group }: { group: Group }) {
  const regenerate = useRegeneratePin();
  const onRegenerate = async () => {
    const ok = await confirm({
      title: 'Give the group a new PIN?',
      message: 'The current PIN stops working at once. Share the new one with people you want to join.',
      confirmLabel: 'New PIN',
      cancelLabel: 'Keep PIN',
    });
    if (!ok) return;
    const updated = await regenerate.mutateAsync(group.id);
    toast.success('New PIN', `The group's PIN is now ${updated.pin ?? ''}.`);
  };
  return (
    <Paper p="md" withBorder component="section" aria-labelledby="pin-heading">
      <Row justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="pin-heading">
            Joining PIN
          </Title>
          <Text size="xl" fw={700} ff="monospace" data-testid="group-pin">
            {group.pin}
          </Text>
          <Text size="sm">Share it with people you want in the group.</Text>
        </Stack>
        <Button variant="default" onClick={onRegenerate} loading={regenerate.isPending}>
          Regenerate PIN
        </Button>
      </Row>
    </Paper>
  );
}

/** People waiting to join, for the admins. */
function Requests({ groupId }: { groupId: number }) {
  const requests = useQuery(groupQueries.requests(groupId));
  const answer = useSetGroupMember();
  const respond = async (userId: number, name: string, status: 2 | 3) => {
    await answer.mutateAsync({ id: groupId, user_id: userId, status });
    toast.success(
      status === GROUP_REQUEST_STATUS.accepted ? 'Request accepted' : 'Request declined',
      status === GROUP_REQUEST_STATUS.accepted ? `${name} is now a member.` : undefined,
    );
  };
  return (
    <Paper p="md" withBorder component="section" aria-labelledby="requests-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="requests-heading">
          Requests to join
        </Title>
        <QueryState
          query={requests}
          loading="Loading the requests…"
          layout="inline"
          failed="The requests could not be loaded."
          empty={<EmptyState variant="text">Nobody is waiting to join.</EmptyState>}
        >
          {(data) => (
            <ResponsiveTable
              caption="People asking to join"
              rows={data.items}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Name', rowHeader: true, cell: (r) => fullName(r) },
                { header: 'Asked on', cell: (r) => new Date(r.created_at).toLocaleDateString('en-GB') },
                {
                  header: 'Answer',
                  hiddenHeader: true,
                  cell: (r) => (
                    <Row gap="xs">
                      <Button
                        size="xs"
                        onClick={() => respond(r.user_id, fullName(r), 2)}
                        aria-label={`Accept ${fullName(r)}`}
                      >
                        Accept
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => respond(r.user_id, fullName(r), 3)}
                        aria-label={`Decline ${fullName(r)}`}
                      >
                        Decline
                      </Button>
                    </Row>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

/** The group's totals and months, with charts. */
function Statistics({ groupId }: { groupId: number }) {
  const statistics = useQuery(groupQueries.statistics(groupId));
  return (
    <QueryState
      query={statistics}
      loading="Loading the statistics…"
      failed="The statistics could not be loaded."
    >
      {(data) => <StatisticsFigures data={data} />}
    </QueryState>
  );
}

/** The headline figures of a group's statistics. */
const GROUP_FIGURES: FigureSpec<GroupStatistics>[] = [
  { label: 'Funds given', value: (data) => formatMoney(data.totals.funds) },
  { label: 'Hours volunteered', value: (data) => data.totals.volunteering_hours + data.totals.skilled_hours },
  { label: 'Gifts', value: (data) => data.totals.gifts },
  { label: 'Members', value: (data) => data.members },
];

function StatisticsFigures({ data }: { data: GroupStatistics }) {
  return (
    <TitledSection variant="plain" id="statistics-heading" title="What the group gave">
      <Text size="sm">
        Members’ giving while they belong to the group. People who leave keep what they gave here.
      </Text>
      <FigureGrid statistics={data} figures={GROUP_FIGURES} />
      <GivingByMonthChart
        rows={data.by_month}
        height={220}
        series={{
          Funds: (m) => m.funds,
          Hours: (m) => m.volunteering_hours + m.skilled_hours,
          Gifts: (m) => m.gifts,
        }}
        charts={[
          { id: 'chart-group-funds', title: 'Funds by month', series: ['Funds'] },
          { id: 'chart-group-time', title: 'Hours and gifts by month', series: ['Hours', 'Gifts'] },
        ]}
        empty="Nothing given yet. Each month’s funds, hours and gifts show here once members give."
      />
    </TitledSection>
  );
}

/** Members by what they gave while members: the leaderboard, with the admins' actions. */
function Members({ group, members }: { group: Group; members: GroupMemberStats[] }) {
  const user = useCurrentUser();
  const makeAdmins = useMakeGroupAdmins();
  const setMember = useSetGroupMember();
  const remove = useRemoveGroupMember();
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await work();
      toast.success(done);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'That did not work. Try again.');
    }
  };
  const onRemove = async (member: GroupMemberStats) => {
    const ok = await confirm({
      title: `Remove ${fullName(member)}?`,
      message: 'They leave the group. What they gave while a member stays in its totals.',
      confirmLabel: 'Remove member',
      cancelLabel: 'Keep member',
      danger: true,
    });
    if (ok)
      await act(() => remove.mutateAsync({ group_id: group.id, user_id: member.user_id }), 'Member removed');
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="leaderboard-heading">
      <Title order={2} size="h3" id="leaderboard-heading">
        Leaderboard
      </Title>
      <FormRefusal title="Not changed" message={problem} />
      <ResponsiveTable
        caption="Members by what they gave while in the group"
        rows={members}
        rowKey={(m) => m.user_id}
        columns={[
          { header: 'Rank', cell: (m) => members.indexOf(m) + 1 },
          {
            header: 'Member',
            rowHeader: true,
            cell: (m) => (
              <Row gap="xs" wrap="nowrap">
                <PersonAvatar avatar={m.avatar} size="sm">
                  {m.first_name.charAt(0)}
                </PersonAvatar>
                <span>{fullName(m)}</span>
                {m.is_admin ? (
                  <Badge size="sm" variant="light" color="dark">
                    Admin
                  </Badge>
                ) : null}
              </Row>
            ),
          },
          { header: 'Funds', cell: (m) => formatMoney(m.totals.funds) },
          { header: 'Hours', cell: (m) => m.totals.volunteering_hours + m.totals.skilled_hours },
          { header: 'Gifts', cell: (m) => m.totals.gifts },
          group.is_admin && {
            header: 'Actions',
            hiddenHeader: true,
            cell: (m) =>
              m.user_id === user?.id ? null : (
                <Row gap="xs" wrap="wrap">
                  {m.is_admin ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Remove as admin: ${fullName(m)}`}
                      onClick={() =>
                        act(
                          () => setMember.mutateAsync({ id: group.id, user_id: m.user_id, is_admin: false }),
                          'Member updated',
                        )
                      }
                    >
                      Remove as admin
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Make admin: ${fullName(m)}`}
                      onClick={() =>
                        act(
                          () => makeAdmins.mutateAsync({ group_id: group.id, user_ids: [m.user_id] }),
                          'Member updated',
                        )
                      }
                    >
                      Make admin
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    c="red.9"
                    aria-label={`Remove ${fullName(m)}`}
                    onClick={() => onRemove(m)}
                  >
                    Remove
                  </Button>
                </Row>
              ),
          },
        ]}
      />
    </Stack>
  );
}

/** The admins, for everyone who sees the group. */
function Admins({ groupId }: { groupId: number }) {
  const admins = useQuery(groupQueries.admins(groupId));
  if (!admins.data) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="admins-heading">
      <Title order={2} size="h4" id="admins-heading">
        Admins
      </Title>
      <Text size="sm">{admins.data.items.map(fullName).join(', ')}</Text>
    </Stack>
  );
}

/** Leaving: a confirm dialog; the last admin chooses who takes over. */
function LeaveGroup({ group, members }: { group: Group; members: GroupMemberStats[] }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const leave = useLeaveGroup();
  const [choosing, setChoosing] = useState(false);
  const [successor, setSuccessor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const others = members.filter((m) => m.user_id !== user?.id);
  const lastAdmin = group.is_admin && !others.some((m) => m.is_admin);
  const done = async (newAdminId?: number) => {
    setProblem(null);
    try {
      await leave.mutateAsync({ group_id: group.id, ...(newAdminId ? { new_admin_id: newAdminId } : {}) });
      toast.success('Left Group');
      void reloadMemberships();
      navigate('/groups', { replace: true });
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'You could not leave the group. Try again.');
    }
  };
  const onLeave = async () => {
    if (lastAdmin && others.length > 0) {
      setChoosing(true);
      return;
    }
    const ok = await confirm({
      title: `Leave ${group.name}?`,
      message: 'What you gave while a member stays in the group’s totals. You need the PIN to join again.',
      confirmLabel: 'Leave group',
      cancelLabel: 'Stay',
      danger: true,
    });
    if (ok) await done();
  };
  return (
    <>
      <FormRefusal title="Not left" message={problem} />
      <Button variant="default" c="red.9" onClick={onLeave} loading={leave.isPending}>
        Leave group
      </Button>
      <Modal
        opened={choosing}
        onClose={() => setChoosing(false)}
        title={`Leave ${group.name}?`}
        size="sm"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            You are the group’s only admin. Choose a member to become admin before you leave.
          </Text>
          <Select
            label="New admin"
            data={others.map((m) => ({ value: String(m.user_id), label: fullName(m) }))}
            value={successor}
            onChange={setSuccessor}
            allowDeselect={false}
          />
          <Row justify="flex-end">
            <Button variant="default" onClick={() => setChoosing(false)}>
              Stay
            </Button>
            <Button
              color="red.9"
              disabled={!successor}
              onClick={() => {
                setChoosing(false);
                void done(Number(successor));
              }}
            >
              Leave group
            </Button>
          </Row>
        </Stack>
      </Modal>
    </>
  );
}

export interface GroupScreenProps {
  groupId: number | null;
  /** What the group's admins see to invite people by email (composed by the route: the invitations feature). */
  invitePanel?: (group: Group) => ReactNode;
}

/**
 * `/groups/:id`: a group with its members, admins, fundraising team, statistics and leaderboard.
 */
export function GroupScreen({ groupId, invitePanel }: GroupScreenProps) {
  const group = useQuery({ ...groupQueries.detail(groupId ?? 0), enabled: groupId !== null });
  const members = useQuery({
    ...groupQueries.members(groupId ?? 0),
    enabled: groupId !== null && group.data?.is_member === true,
  });
  if (groupId === null) return <Page title="Group not found">This group does not exist.</Page>;
  if (group.isPending) return <LoadingState label="Loading the group…" />;
  if (group.isError) {
    const missing = isApiError(group.error) && group.error.status === 404;
    return (
      <Page title={missing ? 'Group not found' : 'Group'}>
        {missing ? (
          <EmptyState
            action={
              <Anchor component={Link} to="/groups">
                Back to my groups
              </Anchor>
            }
          >
            This group does not exist, or only its members can see it.
          </EmptyState>
        ) : (
          <FailedState title="The group could not be loaded." error={group.error} onRetry={group.refetch} />
        )}
      </Page>
    );
  }
  const g = group.data;
  const facts = [
    labelOf(GROUP_TYPES, g.group_type),
    g.members === 1 ? '1 member' : `${g.members} members`,
    g.requires_approval ? 'Joining needs approval' : 'Open to join with the PIN',
    g.is_public ? 'Public' : 'Private',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Page title={g.name} size="lg">
      <Paper p="lg" withBorder>
        <Row align="flex-start" gap="lg" wrap="wrap">
          <Avatar src={g.logo ? imageUrl(g.logo, 'medium') : null} alt="" size={80} radius="md" color="dark">
            {g.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm" c="dimmed">
              {facts}
            </Text>
            {g.description ? <Text>{g.description}</Text> : null}
            <Admins groupId={g.id} />
          </Stack>
          <Stack gap="xs" align="flex-start">
            {g.is_admin ? (
              <Button component={Link} to={`/groups/${g.id}/edit`} variant="default">
                Edit group
              </Button>
            ) : null}
            {g.is_member && members.data ? <LeaveGroup group={g} members={members.data.items} /> : null}
          </Stack>
        </Row>
      </Paper>
      {!g.is_member ? (
        g.request_status === GROUP_REQUEST_STATUS.pending ? (
          <Alert color="blue" variant="light" title="Request sent">
            Your request to join is waiting for the group’s admins.
          </Alert>
        ) : (
          <Paper p="lg" withBorder>
            <JoinByPin />
          </Paper>
        )
      ) : null}
      {g.is_admin ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <PinPanel group={g} />
          <Requests groupId={g.id} />
        </SimpleGrid>
      ) : null}
      {g.is_admin && invitePanel ? invitePanel(g) : null}
      {g.is_member || g.is_public ? <FundraisingTeam groupId={g.id} canStart={g.is_member} /> : null}
      <Statistics groupId={g.id} />
      {g.is_member ? (
        members.isPending ? (
          <LoadingState label="Loading the members…" />
        ) : members.isError ? (
          <FailedState
            title="The members could not be loaded."
            error={members.error}
            onRetry={members.refetch}
          />
        ) : (
          <Members group={g} members={members.data.items} />
        )
      ) : (
        <Text size="sm">Members see who is in the group and the leaderboard.</Text>
      )}
    </Page>
  );
}
