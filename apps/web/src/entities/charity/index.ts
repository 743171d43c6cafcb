export {
  type CharityAccess,
  type CharityDonationAccess,
  charityAccess,
  charityDonationAccess,
  PERMISSION_LABELS,
  useActiveCharity,
} from './charity-access';
export { type CharityFunds, charityQueries, embedCharityPath, publicCharityPath } from './charity-queries';
export { CharityTypesInput, type CharityTypesInputProps } from './charity-types-input';
