import { useParams } from 'react-router';
import { useIsLoggedIn } from '@/entities/session';
import { FundraisingTeam, GroupRouteScreen } from '@/features/groups';
import { InvitePeoplePanel } from '@/features/invitations';
import { PublicGroupPage } from '@/features/public-pages';

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

/**
 * `/groups/:id` for everyone: the public page for a visitor (with the groups feature's fundraising
 * team, public for a public group), the group's page once signed in.
 */
export function GroupOrPublicRoute() {
  const loggedIn = useIsLoggedIn();
  const { id } = useParams();
  if (loggedIn) return <GroupRoute />;
  const groupId = id && /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  return (
    <PublicGroupPage
      key={groupId}
      groupId={groupId}
      team={(id) => <FundraisingTeam groupId={id} canStart={false} />}
    />
  );
}
