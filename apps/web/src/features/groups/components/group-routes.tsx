import { useParams } from 'react-router';
import { EditGroupScreen } from './edit-group';
import { GroupScreen, type GroupScreenProps } from './group-page';

/** A positive whole id from the URL, or null. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** `/groups/:id`; the route composes what other features add (the invite panel). */
export function GroupRouteScreen({ invitePanel }: Pick<GroupScreenProps, 'invitePanel'>) {
  const groupId = idParam(useParams().id);
  return <GroupScreen key={groupId} groupId={groupId} invitePanel={invitePanel} />;
}

/** `/groups/:id/edit` */
export function EditGroupRouteScreen() {
  const groupId = idParam(useParams().id);
  return <EditGroupScreen key={groupId} groupId={groupId} />;
}
