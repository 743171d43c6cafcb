import { Text } from '@mantine/core';
import { TitledSection } from '@/components/ui/titled-section';
import type { PendingTargetType } from '@/entities/invitation';
import { InviteByEmail, type InviteByEmailProps } from './invite-dialog';
import { PendingInvitations } from './pending-invitations';

/** "Invite people" beside a members list: the invite dialog and the invitations waiting for an answer. */
export function InvitePeoplePanel(props: InviteByEmailProps & { targetType: PendingTargetType }) {
  return (
    <TitledSection id="invite-people-heading" title="Invite people" action={<InviteByEmail {...props} />}>
      <Text size="sm">Invited people join {props.targetName} once they accept the email we send them.</Text>
      <PendingInvitations targetType={props.targetType} targetId={props.targetId} />
    </TitledSection>
  );
}
