import { formatMoney } from '@kindred/shared';
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Caption>Coming gifts of your recurring donations, soonest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.subscription_id}-${item.date}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDate(item.date)}</Table.Td>
                  <Table.Td>
                    {item.project ? (
                      <Anchor component={Link} to={`/projects/${item.project.id}`}>
                        {item.project.title}
                      </Anchor>
                    ) : (
                      <Anchor component={Link} to={`/charities/${item.charity.id}`}>
                        {item.charity.name}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
