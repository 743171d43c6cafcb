import { GroupRouteScreen } from '@/features/groups';
import { InvitePeoplePanel } from '@/features/invitations';

export { CreateGroupScreen, EditGroupRouteScreen, MyGroupsScreen } from '@/features/groups';

/** `/groups/:id`: the group's page, and for its admins "Invite people" (the invitations feature). */
export function GroupRoute() {
  return (
    <GroupRouteScreen
      invitePanel={(group) => (
        <InvitePeoplePanel targetType="group" targetId={group.id} targetName={group.name} />
      )}
    />
  );
}
