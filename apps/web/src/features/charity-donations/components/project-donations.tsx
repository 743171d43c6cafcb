import { type Donation, GIVING_TYPES, labelOf, type Project } from '@kindred/shared';
import { Anchor, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedSection } from '@/components/ui/paged-list';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { charityDonationQueries, DonationStatusBadge, donationWhat } from '@/entities/donation';
import { showDate } from '@/lib/format';
import { DonationCard } from './donation-card';

export interface ProjectDonationsProps {
  project: Project;
  /** Where the charity acts on the project's offers (its inbox filtered to the project), if the viewer may. */
  inboxPath?: string;
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The volunteers grouped by the day they give their time, soonest first (undated last). */
function byDate(donations: Donation[]): [string, Donation[]][] {
  const groups = new Map<string, Donation[]>();
  for (const donation of donations) {
    const key = donation.date ?? '';
    groups.set(key, [...(groups.get(key) ?? []), donation]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}

function Volunteers({ projectId }: { projectId: number }) {
  const volunteers = useInfiniteQuery(charityDonationQueries.volunteers(projectId));
  return (
    <PagedSection
      variant="card"
      id="project-volunteers"
      title="Volunteers by date"
      query={volunteers}
      loading="Loading the volunteers…"
      failed="The volunteers could not be loaded."
      empty={<EmptyState variant="text">No one has offered time to this project yet.</EmptyState>}
      more="Show more volunteers"
    >
      {(items) =>
        byDate(items).map(([date, people]) => (
          <Stack gap={4} key={date || 'undated'}>
            <Title order={4} size="h6">
              {date ? showDate(date) : 'By the project’s end'}
            </Title>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {people.map((donation) => (
                <Group component="li" key={donation.id} gap="xs" wrap="wrap">
                  <Text>
                    {donation.donor.name}: {donationWhat(donation)}
                    {donation.confirmed_hours !== null ? ` (${donation.confirmed_hours} confirmed)` : ''}
                  </Text>
                  <DonationStatusBadge donation={donation} size="sm" />
                </Group>
              ))}
            </Stack>
          </Stack>
        ))
      }
    </PagedSection>
  );
}

function WithoutFunds({ projectId }: { projectId: number }) {
  const supporters = useInfiniteQuery(charityDonationQueries.withoutFunds(projectId));
  return (
    <PagedSection
      variant="card"
      id="project-without-funds"
      title="Supporters without funds"
      intro={<Text size="sm">People who gave time, skills or gifts but no money.</Text>}
      query={supporters}
      loading="Loading the supporters…"
      failed="The supporters could not be loaded."
      empty={<EmptyState variant="text">No supporters of time, skills or gifts yet.</EmptyState>}
      more="Show more supporters"
    >
      {(items) => (
        <ResponsiveTable
          rows={items}
          rowKey={(supporter) => `${supporter.donor.kind}-${supporter.donor.id}`}
          columns={[
            { header: 'Supporter', rowHeader: true, cell: (supporter) => supporter.donor.name },
            {
              header: 'Gave',
              cell: (supporter) =>
                supporter.types.map((type) => labelOf(GIVING_TYPES, type) ?? type).join(', '),
            },
            { header: 'Hours', cell: (supporter) => supporter.hours },
            { header: 'Gifts', cell: (supporter) => supporter.gifts },
            { header: 'Last', cell: (supporter) => showDate(supporter.last_at) },
          ]}
        />
      )}
    </PagedSection>
  );
}

const TYPE_CHOICES = [
  { value: '', label: 'Any kind' },
  ...GIVING_TYPES.map((type) => ({ value: String(type.id), label: type.label })),
];

function AllDonations({ projectId }: { projectId: number }) {
  const [type, setType] = useState('');
  const donations = useInfiniteQuery(
    charityDonationQueries.ofProject(projectId, type ? { type: Number(type) } : {}),
  );
  return (
    <PagedSection
      variant="card"
      id="project-all-donations"
      title="All donations"
      actionAlign="flex-end"
      action={
        <NativeSelect
          label="Kind of giving"
          data={TYPE_CHOICES}
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
      }
      query={donations}
      loading="Loading the donations…"
      failed="The donations could not be loaded."
      empty={
        <EmptyState variant="text">
          {type ? 'No donations of this kind.' : 'No donations to this project yet.'}
        </EmptyState>
      }
      more="Show older donations"
    >
      {(items) => (
        <Stack gap="xs" component="ul" p={0} m={0}>
          {items.map((donation) => (
            <DonationCard key={donation.id} donation={donation} hideProject />
          ))}
        </Stack>
      )}
    </PagedSection>
  );
}

/** The Donations tab of the project admin screen: hours, volunteers by date, supporters, every donation. */
export function ProjectDonations({ project, inboxPath }: ProjectDonationsProps) {
  return (
    <Stack gap="md">
      <Paper p="md" withBorder component="section" aria-label="Time given">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Figure label="Hours confirmed" value={`${project.hours_confirmed} h`} testId="hours-confirmed" />
            <Figure label="Volunteering pledged" value={`${project.volunteering_pledged} h`} />
            <Figure label="Skilled volunteering pledged" value={`${project.skilled_pledged} h`} />
          </SimpleGrid>
          {inboxPath ? (
            <Text size="sm">
              <Anchor component={Link} to={inboxPath}>
                Approve, reject or complete this project&apos;s offers in the donations inbox
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Volunteers projectId={project.id} />
      <WithoutFunds projectId={project.id} />
      <AllDonations projectId={project.id} />
    </Stack>
  );
}
