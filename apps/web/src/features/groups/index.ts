export { CreateGroupScreen } from './components/create-group';
export { EditGroupScreen } from './components/edit-group';
export {
  FundraisingTeam,
  type FundraisingTeamProps,
  startTeamPagePath,
} from './components/fundraising-team';
export { GroupScreen, type GroupScreenProps } from './components/group-page';
export { EditGroupRouteScreen, GroupRouteScreen } from './components/group-routes';
export { MyGroupsScreen } from './components/my-groups';
