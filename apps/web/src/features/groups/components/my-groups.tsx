import { formatMoney, GROUP_TYPES, type GroupWithTotals, imageUrl, labelOf } from '@kindred/shared';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { groupQueries } from '@/entities/group';
import { useCurrentUser } from '@/entities/session';
import { JoinByPin } from './join-by-pin';

/** Funds, hours and gifts in one line. */
export function totalsLine(totals: GroupWithTotals['totals']): string {
  const hours = totals.volunteering_hours + totals.skilled_hours;
  return [
    `${formatMoney(totals.funds)} given`,
    `${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    `${totals.gifts} ${totals.gifts === 1 ? 'gift' : 'gifts'}`,
  ].join(' · ');
}

function GroupTile({ group }: { group: GroupWithTotals }) {
  return (
    <Card withBorder padding="md" component="article" data-testid="my-group">
      <Stack gap="xs">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <Avatar src={group.logo ? imageUrl(group.logo, 'small') : null} alt="" radius="sm" color="dark">
            {group.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/groups/${group.id}`} fw={600}>
              {group.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {[
                labelOf(GROUP_TYPES, group.group_type),
                group.members === 1 ? '1 member' : `${group.members} members`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          {group.is_admin ? (
            <Badge variant="light" color="dark" ml="auto">
              Admin
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{totalsLine(group.totals)}</Text>
      </Stack>
    </Card>
  );
}

/** `/groups`: the person's groups with what each gave, joining by PIN and creating one. */
export function MyGroupsScreen() {
  const user = useCurrentUser();
  const mine = useQuery({ ...groupQueries.mine(user?.id ?? 0), enabled: Boolean(user) });
  return (
    <Page
      title="My groups"
      description={<Text>Give together: a group adds up what its members give while they belong to it.</Text>}
    >
      <Group>
        <Button component={Link} to="/groups/new">
          Create a group
        </Button>
        <Anchor component={Link} to="/explore?tab=groups">
          Find public groups
        </Anchor>
      </Group>
      <Paper p="lg" withBorder>
        <JoinByPin />
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="my-groups-heading">
        <Title order={2} size="h3" id="my-groups-heading">
          Your groups
        </Title>
        <QueryState
          query={mine}
          loading="Loading your groups…"
          failed="Your groups could not be loaded."
          empty={<EmptyState>You are not in a group yet. Join one with its PIN, or create one.</EmptyState>}
        >
          {(data) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.items.map((group) => (
                <GroupTile key={group.id} group={group} />
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </Stack>
    </Page>
  );
}
