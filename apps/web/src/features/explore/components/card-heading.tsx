import { Anchor, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
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

/** An explore card (a project, a charity, a group): an optional cover, its heading, then its facts. */
export function ExploreCard({
  testId,
  cover,
  subtitle,
  children,
  ...heading
}: Omit<ComponentProps<typeof CardHeading>, 'children'> & {
  testId: string;
  /** Above the heading, across the card. */
  cover?: ReactNode;
  /** The line under the name. */
  subtitle?: ReactNode;
  /** Under the heading. */
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="article" h="100%" data-testid={testId}>
      {cover}
      <Stack gap="xs">
        <CardHeading {...heading}>{subtitle}</CardHeading>
        {children}
      </Stack>
    </Card>
  );
}

/** An explore card's description, cut to three lines; nothing when there is none. */
export function CardDescription({ text }: { text: string | null }) {
  return text ? (
    <Text size="sm" lineClamp={3}>
      {text}
    </Text>
  ) : null;
}
