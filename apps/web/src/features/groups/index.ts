export { CreateGroupScreen } from './components/create-group';
export { EditGroupScreen } from './components/edit-group';
export { GroupScreen, type GroupScreenProps } from './components/group-page';
export { EditGroupRouteScreen, GroupRouteScreen } from './components/group-routes';
export { MyGroupsScreen } from './components/my-groups';
