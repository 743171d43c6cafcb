import { GROUP_TYPES, type GroupCard, labelOf } from '@kindred/shared';
import { Card, Stack, Text, type TitleOrder } from '@mantine/core';
import { CardHeading } from './card-heading';

/** A public group in a list: name, type, members and whether joining needs approval. */
export function GroupCardView({ group, headingOrder = 3 }: { group: GroupCard; headingOrder?: TitleOrder }) {
  const facts = [
    labelOf(GROUP_TYPES, group.group_type),
    group.members === 1 ? '1 member' : `${group.members} members`,
    group.requires_approval ? 'Joining needs approval' : 'Open to join',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder padding="md" component="article" h="100%" data-testid="group-card">
      <Stack gap="xs">
        <CardHeading
          logo={group.logo}
          name={group.name}
          to={`/groups/${group.id}`}
          headingOrder={headingOrder}
        >
          <Text size="sm" c="dimmed">
            {facts}
          </Text>
        </CardHeading>
        {group.description ? (
          <Text size="sm" lineClamp={3}>
            {group.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
