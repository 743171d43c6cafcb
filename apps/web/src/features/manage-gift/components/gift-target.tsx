import type { Subscription } from '@kindred/shared';
import { Anchor, Text } from '@mantine/core';
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
