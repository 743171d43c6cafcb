import type { PaymentMethod, Subscription } from '@kindred/shared';
import { Alert, Badge, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { showDate } from '@/lib/format';
import {
  failureWarning,
  nextGiftText,
  PLAN_STATUS,
  planPaidBy,
  planStatusSentence,
  planWhat,
} from '../lib/words';
import { Fact, Facts } from './facts';
import { ManagedSection } from './gift-target';

export interface PlanDetailsProps {
  plan: Subscription;
  card: PaymentMethod | null;
  currency: string;
  /** The heading, focused when what it says has changed under the person (a cancel). */
  headingRef?: Ref<HTMLHeadingElement>;
  headingId: string;
}

/**
 * A recurring gift as a mail's link shows it (docs/product/card-gifts.md#manage-from-the-mail):
 * amount and frequency, to whom, its status in words, the next gift, the card it charges, and a
 * warning when its last payment failed.
 */
export function PlanDetails({ plan, card, currency, headingRef, headingId }: PlanDetailsProps) {
  const status = PLAN_STATUS[plan.status];
  const warning = failureWarning(plan);
  return (
    <ManagedSection
      headingId={headingId}
      headingRef={headingRef}
      title={planWhat(plan, currency)}
      status={
        <Badge color={status.colour} variant="filled" radius="sm">
          {status.label}
        </Badge>
      }
      target={plan}
    >
      <Text>{planStatusSentence(plan)}</Text>
      {warning ? (
        <Alert
          color="red"
          variant="light"
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
          data-testid="payment-failed"
        >
          <Stack gap={4}>
            <Text fw={700} size="sm">
              {warning.sentence}
            </Text>
            {warning.count ? <Text size="sm">{warning.count}</Text> : null}
          </Stack>
        </Alert>
      ) : null}
      <Facts>
        {plan.status === 'cancelled' ? null : <Fact label="Next gift">{nextGiftText(plan)}</Fact>}
        <Fact label="Paid by">{planPaidBy(plan, card)}</Fact>
        <Fact label="Since">{showDate(plan.start_date)}</Fact>
        {plan.end_date ? <Fact label="Until">{showDate(plan.end_date)}</Fact> : null}
        <Fact label="Gift Aid">{plan.gift_aid ? 'Yes' : 'No'}</Fact>
      </Facts>
    </ManagedSection>
  );
}
