import type { Plan } from '@kindred/shared';
import { Radio, SimpleGrid } from '@mantine/core';
import { planFee } from '../lib/billing-labels';

/** The plans to choose from, as radios inside a Radio.Group: name, fee and description. */
export function PlanChoices({ plans }: { plans: Plan[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
      {plans.map((plan) => (
        <Radio
          key={plan.id}
          value={String(plan.id)}
          label={`${plan.name}: ${planFee(plan)}`}
          description={plan.description ?? undefined}
        />
      ))}
    </SimpleGrid>
  );
}
