export { MatchingSection } from './components/matching-section';
export { OrganisationLayout, useOrganisationContext } from './components/organisation-layout';
export { OrganisationMembersSection } from './components/organisation-members';
export { OrganisationProfileSection } from './components/organisation-profile';
export { RegisterOrganisationScreen } from './components/register-organisation';
export { ReportsSection } from './components/reports-section';
export { SignoffSection } from './components/signoff-section';
export { StructureSection } from './components/structure-section';
