import { formatMoney } from '@kindred/shared';
import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Figure } from '@/components/ui/figure';
import { FailedState, LoadingState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { type CharityFunds, charityQueries } from '@/entities/charity';
import { useCharityContext } from './charity-layout';

interface FundsFigure {
  label: string;
  value: (funds: CharityFunds) => number;
  note: string;
  testId: string;
}

/** The charity's money, in the order a treasurer reads it: what it holds, then what went out. */
const FIGURES: FundsFigure[] = [
  {
    label: 'Charity funds',
    value: (funds) => funds.charity_funds,
    note: 'Direct donations and the funds of completed projects.',
    testId: 'charity-funds',
  },
  {
    label: 'Held by projects',
    value: (funds) => funds.project_funds,
    note: 'Moves to the charity when a project is completed.',
    testId: 'project-funds',
  },
  {
    label: 'Available to pay out',
    value: (funds) => funds.available,
    note: 'Of the charity funds, the money delivered to the charity that can go to its bank.',
    testId: 'funds-available',
  },
  {
    label: 'Payouts waiting',
    value: (funds) => funds.payouts_waiting,
    note: 'Asked for and on their way to the charity’s bank; a payout that fails comes back to the funds.',
    testId: 'funds-payouts-waiting',
  },
  {
    label: 'Held',
    value: (funds) => funds.held,
    note: 'Set aside while a giver’s bank disputes a payment, or while a refund is on its way to a card.',
    testId: 'funds-held',
  },
  {
    label: 'Refunded to givers',
    value: (funds) => funds.refunded,
    note: 'Given back to givers, in all.',
    testId: 'funds-refunded',
  },
  {
    label: 'Paid out',
    value: (funds) => funds.paid_out,
    note: 'Paid out to the charity’s bank, in all.',
    testId: 'funds-paid-out',
  },
];

export interface CharityFundsSectionProps {
  /** Under the figures (the route file's last twelve months of money). */
  children?: ReactNode;
}

/**
 * `/charity/funds`: the charity's own funds, what its projects hold, and what was paid out or
 * refunded (view_finance), with what the route puts under the figures.
 */
export function CharityFundsSection({ children }: CharityFundsSectionProps) {
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
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
            {FIGURES.map((figure) => (
              <Figure
                key={figure.testId}
                label={figure.label}
                value={formatMoney(figure.value(funds.data), funds.data.currency)}
                note={figure.note}
                testId={figure.testId}
              />
            ))}
          </SimpleGrid>
          {children}
        </>
      ) : (
        <FailedState title="The funds could not be loaded." error={funds.error} onRetry={funds.refetch} />
      )}
    </TitledSection>
  );
}
