export { GIVE_PARAM, GiveActions, type GiveActionsProps } from './components/give-actions';
export {
  DONATION_TOAST,
  type RenderTopUp,
  SUBSCRIPTION_TOAST,
  type TopUpSlotProps,
} from './components/give-flow';
export type { GiveKind, GiveTarget } from './lib/target';
