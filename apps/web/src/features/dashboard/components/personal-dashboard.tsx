import { formatMoney } from '@kindred/shared';
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { useSessionState } from '@/entities/session';

const ADMIN_TYPES: Record<number, string> = { 1: 'Super Admin', 2: 'Admin', 99: 'Employee' };

function MembershipCard({
  title,
  empty,
  children,
  count,
  action,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
  /** A link under the card, e.g. to join or register. */
  action?: ReactNode;
}) {
  return (
    <Paper p="lg" withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {count === 0 ? <Text c="dimmed">{empty}</Text> : <List spacing={4}>{children}</List>}
        {action}
      </Stack>
    </Paper>
  );
}

/** The home of a person acting as themselves: name, wallet, credits and memberships. */
export function PersonalDashboard() {
  const state = useSessionState();
  const user = state.user;
  if (!user) return null;
  return (
    <Page title={`Hello, ${user.first_name}`} description={<Text>Here is your Kindred at a glance.</Text>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper p="lg" withBorder component="section" aria-label="Wallet">
          <Text size="sm" c="dimmed">
            Wallet
          </Text>
          <Text size="xl" fw={700} data-testid="wallet-amount">
            {formatMoney(user.wallet_amount)}
          </Text>
          <Anchor component={Link} to="/wallet" size="sm">
            Open wallet
          </Anchor>
        </Paper>
        <Paper p="lg" withBorder component="section" aria-label="Credits">
          <Text size="sm" c="dimmed">
            Credits
          </Text>
          <Text size="xl" fw={700}>
            {formatMoney(user.credits)}
          </Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MembershipCard
          title="Charities"
          empty="You are not a member of any charity."
          count={state.charityMembership.length}
          action={
            <Anchor component={Link} to="/charity/register" size="sm">
              Register a charity
            </Anchor>
          }
        >
          {state.charityMembership.map((charity) => (
            <List.Item key={charity.charity_id}>
              {charity.name}{' '}
              <Text span c="dimmed">
                ({ADMIN_TYPES[charity.admin_type] ?? 'Member'})
              </Text>
            </List.Item>
          ))}
        </MembershipCard>
        <MembershipCard
          title="Organisations"
          empty="You are not a member of any organisation."
          count={state.businessMembership.length}
          action={
            <Anchor component={Link} to="/organisation/register" size="sm">
              Add your organisation
            </Anchor>
          }
        >
          {state.businessMembership.map((business) => (
            <List.Item key={business.business_id}>
              <Group gap={6} wrap="wrap">
                <span>{business.name}</span>
                <Text span c="dimmed">
                  ({ADMIN_TYPES[business.admin_type] ?? 'Member'})
                </Text>
                {business.is_franchise ? (
                  <Badge size="sm" color="dark">
                    Franchise
                  </Badge>
                ) : null}
                {business.is_signoff_admin ? (
                  <Badge size="sm" color="dark" variant="outline">
                    Sign-off admin
                  </Badge>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </MembershipCard>
        <MembershipCard
          title="Projects"
          empty="You do not administer any project."
          count={state.projectMembership.length}
        >
          {state.projectMembership.map((project) => (
            <List.Item key={project.project_id}>{project.title}</List.Item>
          ))}
        </MembershipCard>
        <MembershipCard
          title="Groups"
          empty="You have not joined any group."
          count={state.groupMembership.length}
        >
          {state.groupMembership.map((group) => (
            <List.Item key={group.group_id}>
              {group.name}
              {group.is_admin ? (
                <Text span c="dimmed">
                  {' '}
                  (admin)
                </Text>
              ) : null}
            </List.Item>
          ))}
        </MembershipCard>
      </SimpleGrid>
    </Page>
  );
}
