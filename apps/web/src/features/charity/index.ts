export { AssociationRequestsSection } from './components/association-requests';
export { CharityFundsSection } from './components/charity-funds';
export { type CharityContext, CharityLayout, useCharityContext } from './components/charity-layout';
export { CharityMembersSection } from './components/charity-members';
export { CharityProfileSection } from './components/charity-profile';
export { NoCharity } from './components/no-charity';
export { RegisterCharityScreen } from './components/register-charity';
