import { CHARITY_TYPES, type CharityCard, labelOf } from '@kindred/shared';
import { Text, type TitleOrder } from '@mantine/core';
import { formatDistance } from '../format';
import { CardDescription, ExploreCard } from './card-heading';

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
    <ExploreCard
      testId="charity-card"
      logo={charity.logo}
      name={charity.name}
      to={`/charities/${charity.id}`}
      headingOrder={headingOrder}
      subtitle={types ? <Text size="sm">{types}</Text> : null}
    >
      {where ? (
        <Text size="sm" c="dimmed">
          {where}
        </Text>
      ) : null}
      <CardDescription text={charity.description} />
      <Text size="sm" fw={600}>
        {charity.live_projects === 1 ? '1 live project' : `${charity.live_projects} live projects`}
      </Text>
    </ExploreCard>
  );
}
