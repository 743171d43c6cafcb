import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PendingTargetType } from '@/entities/invitation';
import { InviteByEmail, type InviteByEmailProps } from './invite-dialog';
import { PendingInvitations } from './pending-invitations';

/** "Invite people" beside a members list: the invite dialog and the invitations waiting for an answer. */
export function InvitePeoplePanel(props: InviteByEmailProps & { targetType: PendingTargetType }) {
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="invite-people-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="invite-people-heading">
            Invite people
          </Title>
          <InviteByEmail {...props} />
        </Group>
        <Text size="sm">Invited people join {props.targetName} once they accept the email we send them.</Text>
        <PendingInvitations targetType={props.targetType} targetId={props.targetId} />
      </Stack>
    </Paper>
  );
}
