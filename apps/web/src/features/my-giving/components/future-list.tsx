import { formatMoney } from '@kindred/shared';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { showDate } from '@/lib/format';
import { futureDonationsQuery } from '../api/get-future-donations';

/** The coming gifts of the donor's running recurring donations (the next 12 months). */
export function FutureList() {
  const query = useQuery(futureDonationsQuery());
  if (query.isError)
    return (
      <FailedState title="Coming donations could not be loaded" error={query.error} onRetry={query.refetch} />
    );
  const items = query.data;
  if (!items) return <LoadingState label="Loading coming donations…" />;
  if (items.length === 0)
    return (
      <EmptyState
        variant="text"
        action={
          <Anchor component={Link} to="/explore">
            Find a project to give to every month
          </Anchor>
        }
      >
        No gifts are due in the next 12 months. A recurring donation you set up on a project or charity page
        shows its coming gifts here.
      </EmptyState>
    );
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  return (
    <Stack gap="sm">
      <Text size="sm">{`${items.length} ${items.length === 1 ? 'gift' : 'gifts'} due in the next 12 months, ${formatMoney(total)} in all.`}</Text>
      <Paper withBorder>
        <ResponsiveTable
          striped
          caption="Coming gifts of your recurring donations, soonest first"
          rows={items}
          rowKey={(item) => `${item.subscription_id}-${item.date}`}
          columns={[
            {
              header: 'Date',
              cell: (item) => <span style={{ whiteSpace: 'nowrap' }}>{showDate(item.date)}</span>,
            },
            {
              header: 'To',
              cell: (item) =>
                item.project ? (
                  <Anchor component={Link} to={`/projects/${item.project.id}`}>
                    {item.project.title}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={`/charities/${item.charity.id}`}>
                    {item.charity.name}
                  </Anchor>
                ),
            },
            {
              header: 'Amount',
              align: 'right',
              cell: (item) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.amount)}</span>,
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
