export { CharityStatistics, type CharityStatisticsProps } from './components/charity-statistics';
export { DonationsInbox, type DonationsInboxProps } from './components/donations-inbox';
export { GiftAidSection, type GiftAidSectionProps } from './components/gift-aid-section';
export { ProjectDonations, type ProjectDonationsProps } from './components/project-donations';
