/** The signed-in screens of fundraising pages: a person's own, opening one, editing one. */
export { EditFundraiserScreen, MyFundraisersScreen, NewFundraiserScreen } from '@/features/fundraisers';
