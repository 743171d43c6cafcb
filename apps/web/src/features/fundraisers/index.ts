export { CharityFundraisers, type CharityFundraisersProps } from './components/charity-fundraisers';
export { EditFundraiserScreen } from './components/edit-fundraiser';
export { type FundraiserGive, FundraiserPage, type FundraiserPageProps } from './components/fundraiser-page';
export { MyFundraisersScreen } from './components/my-fundraisers';
export { NewFundraiserScreen } from './components/new-fundraiser';
export { ProjectFundraisers } from './components/project-fundraisers';
