export { GuestGiveFlow, type GuestGiveFlowProps } from './components/guest-give-flow';
export type { GuestGiveTarget } from './lib/target';
