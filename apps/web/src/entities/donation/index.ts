export {
  AmountChoice,
  type AmountChoiceProps,
  GiftAidCheckbox,
  type GiftAidCheckboxProps,
} from './amount-choice';
export {
  type CharityDonationScope,
  charityDonationQueries,
  getCharityStatistics,
  getGiftAidClaims,
  getProjectChoices,
  getProjectVolunteers,
  getSupportersWithoutFunds,
  getUnclaimedGiftAid,
  type SupporterWithoutFunds,
  type UnclaimedGiftAid,
} from './charity-donation-queries';
export {
  DONATION_STATUS_COLOURS,
  donationStatusLabel,
  donationTypeLabel,
  donationWhat,
} from './donation-format';
export {
  DONATIONS_PAGE_SIZE,
  type DonationListFilters,
  donationQueries,
  getProjectSupporters,
  SUPPORTERS_PAGE_SIZE,
} from './donation-queries';
export { donationRecipient } from './donation-recipient';
export { DonationStatusBadge } from './donation-status-badge';
export { type CreditNoteSource, downloadCreditNote } from './download-credit-note';
export { downloadReceipt, type ReceiptSource } from './download-receipt';
export { makeGiftAidDeclaration, useMakeGiftAidDeclaration } from './gift-aid-declaration';
export {
  GiftAidDeclarationInputs,
  type GiftAidDeclarationInputsProps,
  type GiftAidDeclarationValues,
  giftAidDeclarationBody,
  giftAidDeclarationValues,
} from './gift-aid-declaration-inputs';
export { getGiftAidDeclarationFor, getGiftAidDeclarations, giftAidQueries } from './gift-aid-queries';
export { AMOUNT_PRESETS, giftAidFor } from './gift-amount';
export { GiftFundraiser } from './gift-fundraiser';
export { GiftMessageFields, type GiftMessageFieldsProps } from './gift-message-fields';
export { GiveDialog, type GiveDialogProps, useStepHeading } from './give-dialog';
export {
  canAskForRefund,
  isRefundable,
  type MoneyBackViewer,
  refundDestination,
  refundLeft,
  refundRequestDeadline,
  wayBack,
} from './money-back';
export { CreditNoteButton, MoneyBackDetails, type MoneyBackDetailsProps } from './money-back-details';
export { ReceiptButton, type ReceiptButtonProps } from './receipt-button';
export {
  RefundReasonInput,
  RefundRequestDialog,
  type RefundRequestDialogProps,
} from './refund-request-dialog';
export { ShareGift, type ShareGiftProps } from './share-gift';
export { SupporterList, type SupporterListProps, supporterName } from './supporter-list';
