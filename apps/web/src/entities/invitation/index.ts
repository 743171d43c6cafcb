export { invitationQueries, type JoinTargetType, type PendingTargetType } from './invitation-queries';
