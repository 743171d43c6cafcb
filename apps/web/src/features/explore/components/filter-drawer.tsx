import { Button, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A phone's filters, in a drawer from the bottom; a change applies at once. */
export function FilterDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="bottom" size="auto">
      <Stack gap="md" pb="md">
        {children}
        <Button onClick={onClose}>Show results</Button>
      </Stack>
    </Drawer>
  );
}
