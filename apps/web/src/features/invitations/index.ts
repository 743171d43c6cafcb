export { InvitationConfirmScreen } from './components/invitation-confirm';
export { InviteByEmail } from './components/invite-dialog';
export { InvitePeoplePanel } from './components/invite-people-panel';
export { JoinOrganisationScreen, MyRequests } from './components/join-organisation';
export { JoinRequests, OrganisationRequests } from './components/organisation-requests';
export { PendingInvitations } from './components/pending-invitations';
