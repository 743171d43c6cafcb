import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of the wallet's cards (saved cards, direct debits): two a row from `sm`, one below. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" p={0} m={0} aria-label={label}>
      {children}
    </SimpleGrid>
  );
}
