import type { Subscription } from '@kindred/shared';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';

/** Where the gift goes: the project (with its charity) or the charity itself, as links. */
export function GiftTarget({ target }: { target: Pick<Subscription, 'project' | 'charity'> }) {
  return (
    <Text>
      {target.project ? (
        <>
          {'To '}
          <Anchor component={Link} to={`/projects/${target.project.id}`}>
            {target.project.title}
          </Anchor>
          {' by '}
        </>
      ) : (
        'Directly to '
      )}
      <Anchor component={Link} to={`/charities/${target.charity.id}`}>
        {target.charity.name}
      </Anchor>
    </Text>
  );
}

/**
 * What a mail's link manages (a gift, a recurring gift): its heading, focusable (it is focused when
 * what it says changes), with its status beside it, and to whom it goes; then its details.
 */
export function ManagedSection({
  headingId,
  headingRef,
  title,
  status,
  target,
  children,
}: {
  headingId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  title: string;
  /** Its status badge. */
  status: ReactNode;
  target: Pick<Subscription, 'project' | 'charity'>;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={headingId} p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
            {title}
          </Title>
          {status}
        </Group>
        <GiftTarget target={target} />
        {children}
      </Stack>
    </Paper>
  );
}
