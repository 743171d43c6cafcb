import { GROUP_TYPES, type GroupCard, labelOf } from '@kindred/shared';
import { Anchor, Card, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import { Picture } from '@/components/ui/picture';

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
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {group.logo ? (
            <Picture src={group.logo} kind="logo" alt="" width={48} height={48} radius={4} />
          ) : null}
          <Stack gap={2}>
            <Title order={headingOrder} size="h4">
              <Anchor component={Link} to={`/groups/${group.id}`} c="inherit">
                {group.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {facts}
            </Text>
          </Stack>
        </Group>
        {group.description ? (
          <Text size="sm" lineClamp={3}>
            {group.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
