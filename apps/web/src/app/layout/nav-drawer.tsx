import { Drawer, Stack } from '@mantine/core';
import { NavLinks } from './nav-links';

/** The main menu on a phone, in a drawer (loaded the first time it opens). */
export function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Kindred" size="xs" hiddenFrom="md">
      <Stack component="nav" aria-label="Main menu" gap="xs">
        <NavLinks onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
