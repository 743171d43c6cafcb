export { AdminCharitiesScreen } from './components/admin-charities';
export { AssociationRequestsSection } from './components/association-requests';
export { CharityFundsSection } from './components/charity-funds';
export { CharityLayout } from './components/charity-layout';
export { CharityMembersSection } from './components/charity-members';
export { CharityProfileSection } from './components/charity-profile';
export { CharityProjectsSection } from './components/charity-projects';
export { NewProjectScreen, ProjectRoute, ProjectScreen } from './components/project-screen';
export { RegisterCharityScreen } from './components/register-charity';
