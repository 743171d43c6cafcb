import { SimpleGrid, Text } from '@mantine/core';
import { TitledSection } from '@/components/ui/titled-section';
import { PayOutSection } from './pay-out';
import { PayoutAccountSection } from './payout-account';
import { PayoutScheduleSection } from './payout-schedule';
import { PayoutsListSection } from './payouts-list';

export interface CharityPayoutsProps {
  charityId: number;
}

/**
 * The charity's money out, under its funds (view_finance): the bank account payouts go to, asking
 * for a payout or paying out on a schedule, and the payouts with their statements.
 */
export function CharityPayouts({ charityId }: CharityPayoutsProps) {
  return (
    <>
      <PayoutAccountSection charityId={charityId} />
      <TitledSection id="payouts-heading" title="Payouts">
        <Text>
          Kindred pays the charity&apos;s available money into its checked bank account. Each payout is
          approved by Kindred, and its statement lists the gifts it pays.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <PayOutSection charityId={charityId} />
          <PayoutScheduleSection charityId={charityId} />
        </SimpleGrid>
        <PayoutsListSection charityId={charityId} />
      </TitledSection>
    </>
  );
}
