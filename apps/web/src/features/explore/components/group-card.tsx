import { GROUP_TYPES, type GroupCard, labelOf } from '@kindred/shared';
import { Text, type TitleOrder } from '@mantine/core';
import { CardDescription, ExploreCard } from './card-heading';

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
    <ExploreCard
      testId="group-card"
      logo={group.logo}
      name={group.name}
      to={`/groups/${group.id}`}
      headingOrder={headingOrder}
      subtitle={
        <Text size="sm" c="dimmed">
          {facts}
        </Text>
      }
    >
      <CardDescription text={group.description} />
    </ExploreCard>
  );
}
