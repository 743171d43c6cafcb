import { CHARITY_TYPES, type CharityCard, labelOf } from '@kindred/shared';
import { Anchor, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import { Picture } from '@/components/ui/picture';
import { formatDistance } from '../format';

/** An approved charity in a list: name, types, town and its number of Live projects. */
export function CharityCardView({
  charity,
  headingOrder = 3,
}: {
  charity: CharityCard;
  headingOrder?: TitleOrder;
}) {
  const types = charity.charity_types
    .map((id) => labelOf(CHARITY_TYPES, id))
    .filter(Boolean)
    .join(', ');
  const where = [charity.city, formatDistance(charity.distance_km)].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="md" component="article" h="100%" data-testid="charity-card">
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {charity.logo ? (
            <Picture src={charity.logo} kind="logo" alt="" width={48} height={48} radius={4} />
          ) : null}
          <Stack gap={2}>
            <Title order={headingOrder} size="h4">
              <Anchor component={Link} to={`/charities/${charity.id}`} c="inherit">
                {charity.name}
              </Anchor>
            </Title>
            {types ? <Text size="sm">{types}</Text> : null}
          </Stack>
        </Group>
        {where ? (
          <Text size="sm" c="dimmed">
            {where}
          </Text>
        ) : null}
        {charity.description ? (
          <Text size="sm" lineClamp={3}>
            {charity.description}
          </Text>
        ) : null}
        <Text size="sm" fw={600}>
          {charity.live_projects === 1 ? '1 live project' : `${charity.live_projects} live projects`}
        </Text>
      </Stack>
    </Card>
  );
}
