export { GIVE_PARAM, GiveActions, type GiveActionsProps } from './components/give-actions';
export type { GiveKind, GiveTarget, ThroughFundraiser } from './lib/target';
export { DONATION_TOAST, SUBSCRIPTION_TOAST } from './lib/toasts';
