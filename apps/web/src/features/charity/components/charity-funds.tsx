import { formatMoney } from '@kindred/shared';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailedState, LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { charityQueries } from '@/entities/charity';
import { useCharityContext } from './charity-layout';

/** `/charity/funds`: the charity's own funds and what its projects hold (view_finance). */
export function CharityFundsSection() {
  const { charity, access } = useCharityContext();
  const allowed = access.can('view_finance');
  const funds = useQuery({ ...charityQueries.funds(charity.id), enabled: allowed });
  return (
    <TitledSection id="charity-funds-heading" title="Funds">
      {!allowed ? (
        <Text>You need the View finance permission to see the charity&apos;s funds.</Text>
      ) : funds.isPending ? (
        <LoadingState label="Loading funds…" />
      ) : funds.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper p="md" withBorder>
            <Text size="sm" c="dimmed">
              Charity funds
            </Text>
            <Text size="xl" fw={700} data-testid="charity-funds">
              {formatMoney(funds.data.charity_funds, funds.data.currency)}
            </Text>
            <Text size="sm">Direct donations and the funds of completed projects.</Text>
          </Paper>
          <Paper p="md" withBorder>
            <Text size="sm" c="dimmed">
              Held by projects
            </Text>
            <Text size="xl" fw={700} data-testid="project-funds">
              {formatMoney(funds.data.project_funds, funds.data.currency)}
            </Text>
            <Text size="sm">Moves to the charity when a project is completed.</Text>
          </Paper>
        </SimpleGrid>
      ) : (
        <FailedState title="The funds could not be loaded." error={funds.error} onRetry={funds.refetch} />
      )}
    </TitledSection>
  );
}
