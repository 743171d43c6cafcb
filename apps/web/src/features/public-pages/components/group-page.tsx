import { GROUP_TYPES, labelOf } from '@kindred/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Picture } from '@/components/ui/picture';
import { groupQueries } from '@/entities/group';
import { loginPath } from '@/lib/navigation';
import { AboutSection } from './about-section';
import { PageNotReady } from './states';

export interface PublicGroupPageProps {
  /** From the URL; null when it is not a group id. */
  groupId: number | null;
  /** What other features show of the group below its join box (the fundraisers' team), by the route. */
  team?: (groupId: number) => ReactNode;
}

/**
 * `/groups/:id` for a visitor: a public group's name, type, description and members, with "Sign in
 * to join" (back to this page after signing in), and what the route adds (its fundraising team).
 * Never its PIN or its members' names and giving.
 */
export function PublicGroupPage({ groupId, team }: PublicGroupPageProps) {
  const group = useQuery({ ...groupQueries.publicPage(groupId ?? 0), enabled: groupId !== null });
  if (groupId === null || !group.isSuccess) {
    return <PageNotReady what="group" missing={groupId === null} query={group} />;
  }
  const data = group.data;
  const type = labelOf(GROUP_TYPES, data.group_type);
  return (
    <Page
      title={data.name}
      description={
        <Group gap="sm" wrap="nowrap" align="center">
          {data.logo ? (
            <Picture src={data.logo} kind="logo" alt="" width={64} height={64} radius={4} priority />
          ) : null}
          {type ? (
            <Badge color="dark" variant="outline">
              {type}
            </Badge>
          ) : null}
        </Group>
      }
    >
      <Stack gap="lg">
        <AboutSection what="group" description={data.description}>
          <Text size="sm">
            {data.members === 1 ? '1 member' : `${data.members} members`} ·{' '}
            {data.requires_approval ? 'Joining needs an admin’s approval' : 'Open to join'}
          </Text>
        </AboutSection>
        <Paper withBorder p="lg" component="section" aria-label="Join">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3">
              Join {data.name}
            </Title>
            <Text>
              Sign in to join the group with its PIN
              {data.requires_approval ? ' or to ask to join' : ''}, and to see what its members give together.
            </Text>
            <Button component={Link} to={loginPath(`/groups/${data.id}`)}>
              Sign in to join
            </Button>
          </Stack>
        </Paper>
        {team ? team(data.id) : null}
      </Stack>
    </Page>
  );
}
