export { OrganisationLayout, useOrganisationContext } from './components/organisation-layout';
export { OrganisationMembersSection } from './components/organisation-members';
export { OrganisationProfileSection } from './components/organisation-profile';
export { RegisterOrganisationScreen } from './components/register-organisation';
export { SignoffSection } from './components/signoff-section';
