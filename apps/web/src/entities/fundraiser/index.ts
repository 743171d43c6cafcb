export { FUNDRAISER_CARD_SIZES, FundraiserCard, type FundraiserCardProps } from './fundraiser-card';
export {
  causeName,
  causePath,
  daysUntil,
  fundraiserPath,
  giftsText,
  hasEnded,
  percentRaised,
  pictureOf,
  raisedText,
  timeLeftText,
} from './fundraiser-format';
export { FundraiserProgress, type FundraiserProgressProps } from './fundraiser-progress';
export {
  FUNDRAISER_LIST_PAGE_SIZE,
  FUNDRAISER_SUPPORTERS_PAGE_SIZE,
  FUNDRAISER_UPDATES_PAGE_SIZE,
  fundraiserQueries,
  getCharityFundraisers,
  getFundraiser,
  getFundraiserDonations,
  getFundraiserUpdates,
  getMyFundraisers,
  getProjectFundraisers,
  getTeamFundraisers,
  PROJECT_FUNDRAISERS_SHOWN,
} from './fundraiser-queries';
export { fundraiserRefusal } from './fundraiser-refusals';
export {
  type FundraiserCause,
  newFundraiserPath,
  StartFundraiserButton,
} from './start-fundraiser';
