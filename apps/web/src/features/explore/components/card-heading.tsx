import { Anchor, Group, Stack, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture } from '@/components/ui/picture';

/**
 * The top of an explore card (a project, a charity, a group): its logo, its name as a heading that
 * links to its page, and a line under the name.
 */
export function CardHeading({
  logo,
  name,
  to,
  headingOrder,
  children,
}: {
  logo: string | null;
  name: string;
  /** Its page. */
  to: string;
  headingOrder: TitleOrder;
  /** Under the name. */
  children?: ReactNode;
}) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      {logo ? <Picture src={logo} kind="logo" alt="" width={48} height={48} radius={4} /> : null}
      <Stack gap={2}>
        <Title order={headingOrder} size="h4">
          <Anchor component={Link} to={to} c="inherit">
            {name}
          </Anchor>
        </Title>
        {children}
      </Stack>
    </Group>
  );
}
