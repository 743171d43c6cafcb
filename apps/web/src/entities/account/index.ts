export { adminLevel, useActiveMembership } from './account-access';
export {
  AccountArea,
  type AccountAreaProps,
  type AreaContext,
  type AreaWords,
  useAreaAccount,
  useAreaContext,
} from './account-area';
export {
  type ApprovalStatus,
  lockAccount,
  reviewListQueries,
  useReviewMutation,
} from './account-decision';
export { type AccountFormDefinition, defineAccountForm } from './account-form';
export {
  type AccountMember,
  type AccountMembersProps,
  AccountMembersSection,
  type MembersWords,
  type MemberTools,
  memberName,
} from './account-members';
export { type AccountProfileProps, AccountProfileSection, type ProfileWords } from './account-profile';
export { accountQueries } from './account-queries';
export { type AccountRegisterProps, AccountRegisterScreen, type RegisterWords } from './account-register';
export {
  type AccountDecision,
  type AccountLock,
  type AccountReviewProps,
  AccountReviewScreen,
  type ReviewedAccount,
  type ReviewWords,
} from './account-review';
export { NoAccountPage, type NoAccountProps } from './no-account';
