import { formatMoney } from '@kindred/shared';
import { Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { useSessionState } from '@/entities/session';
import { OrganisationRoleBadges, Stat } from './parts';

const ADMIN_TYPES: Record<number, string> = { 1: 'Super Admin', 2: 'Admin', 99: 'Employee' };

function MembershipCard({
  title,
  empty,
  children,
  count,
  link,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
  /** A link under the card, e.g. to join or register. */
  link?: { to: string; label: string };
}) {
  return (
    <Paper p="lg" withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {count === 0 ? <Text c="dimmed">{empty}</Text> : <List spacing={4}>{children}</List>}
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
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
        <Stat
          label="Wallet"
          value={formatMoney(user.wallet_amount)}
          testId="wallet-amount"
          link={{ to: '/wallet', label: 'Open wallet' }}
        />
        <Stat label="Credits" value={formatMoney(user.credits)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MembershipCard
          title="Charities"
          empty="You are not a member of any charity."
          count={state.charityMembership.length}
          link={{ to: '/charity/register', label: 'Register a charity' }}
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
          link={{ to: '/organisation/register', label: 'Add your organisation' }}
        >
          {state.businessMembership.map((business) => (
            <List.Item key={business.business_id}>
              <Group gap={6} wrap="wrap">
                <span>{business.name}</span>
                <Text span c="dimmed">
                  ({ADMIN_TYPES[business.admin_type] ?? 'Member'})
                </Text>
                <OrganisationRoleBadges membership={business} />
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
