import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminsOnlyPage } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { usePlatformAdmin } from '@/entities/session';

const SECTIONS = [
  {
    to: '/admin/statistics',
    title: 'Statistics',
    text: 'The platform’s figures for a date range, month by month, with their definitions; export as CSV.',
  },
  {
    to: '/admin/people',
    title: 'People',
    text: 'Find anyone; activate or deactivate them, correct details, make platform admins, export or erase.',
  },
  {
    to: '/admin/accounts',
    title: 'Accounts',
    text: 'Charities, organisations, projects and groups, searchable and filterable.',
  },
  {
    to: '/admin/expiring',
    title: 'Expiring projects',
    text: 'Projects near their end date: remind their admins to extend them.',
  },
  {
    to: '/admin/audit',
    title: 'Audit log',
    text: 'Who did what, to what, when and why.',
  },
  {
    to: '/admin/charities',
    title: 'Charities',
    text: 'Accept or reject charities waiting for approval; lock or unlock charities.',
  },
  {
    to: '/admin/organisations',
    title: 'Organisations',
    text: 'Approve or reject organisations waiting for approval; lock or unlock organisations.',
  },
  {
    to: '/admin/donations',
    title: 'Donations',
    text: 'Complete or reject donations held for review, and record direct donations as paid out.',
  },
  {
    to: '/admin/money',
    title: 'Deposits',
    text: 'Record money or give credits to a person or an organisation.',
  },
  {
    to: '/admin/payouts',
    title: 'Payouts',
    text: 'Check charities’ bank accounts, then approve and pay or refuse the payouts they ask for.',
  },
  {
    to: '/admin/reconciliation',
    title: 'Reconciliation',
    text: 'The payment provider’s records checked against the books each morning, and what disagrees.',
  },
  {
    to: '/admin/direct-debits',
    title: 'Direct debits',
    text: 'Every direct debit on the platform, by status.',
  },
  {
    to: '/admin/subscriptions',
    title: 'Subscriptions',
    text: 'Plans organisations subscribe to, and discount codes off their invoices.',
  },
] as const;

/** The platform admin area's front page: what an admin can do, one card a section. */
export function AdminHomeRoute() {
  const abilities = usePlatformAdmin();
  if (!abilities.view) {
    return <AdminsOnlyPage title="Admin" />;
  }
  return (
    <Page
      title="Admin"
      description={
        <Text c="dimmed">
          {!abilities.act
            ? 'You can view these sections; changes need an Admin.'
            : 'Keep the platform honest.'}
        </Text>
      }
    >
      <nav aria-label="Admin sections">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {SECTIONS.map((section) => (
            <Card key={section.to} withBorder padding="lg">
              <Stack gap="xs">
                <Title order={2} size="h3">
                  <Anchor component={Link} to={section.to}>
                    {section.title}
                  </Anchor>
                </Title>
                <Text size="sm">{section.text}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </nav>
    </Page>
  );
}
