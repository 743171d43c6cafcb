export {
  type ApprovalStatus,
  reviewListQueries,
  useReviewMutation,
} from './account-decision';
export {
  type AccountDecision,
  type AccountLock,
  type AccountReviewProps,
  AccountReviewScreen,
  type ReviewedAccount,
  type ReviewWords,
} from './account-review';
