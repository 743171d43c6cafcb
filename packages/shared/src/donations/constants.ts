/* The donation rules the screens need without the schemas (which bring zod with them). */
import { wholeNumberMessage } from '../validation/validators.js';

/** The most hours one pledge may carry. */
export const MAX_PLEDGE_HOURS = 10_000;
/**
 * Hours are whole hours (decision 036: number fields are digits only, and the charity
 * confirms whole hours): half an hour, a negative number or none at all is refused with this
 * sentence, never rounded or turned positive.
 */
export const PLEDGE_HOURS_MESSAGE = wholeNumberMessage(1, MAX_PLEDGE_HOURS, 'hours');

/** The most characters of a gift's description and of a giver's message to the charity. */
export const GIFT_DESCRIPTION_MAX_LENGTH = 500;
export const DONATION_MESSAGE_MAX_LENGTH = 1000;

/** The most items one gift may carry. */
export const MAX_GIFT_QUANTITY = 100_000;
/** Gift Aid adds this share of an eligible amount (docs/product/gift-aid.md: 25%). */
export const GIFT_AID_RATE = 0.25;
/** What Gift Aid adds to an eligible amount, in whole minor units. */
export const giftAidOf = (amount: number) => Math.floor(amount * GIFT_AID_RATE);

/**
 * Where the money of a funds donation comes from: the giver's wallet, their credits, or a card
 * charged in the same confirm (docs/product/card-gifts.md).
 */
export const DONATION_SOURCES = ['wallet', 'credits', 'card'] as const;
export type DonationSource = (typeof DONATION_SOURCES)[number];
/** What a recurring gift may be paid from (a card is charged each period: a saved card only). */
export const SUBSCRIPTION_SOURCES = ['wallet', 'credits', 'card'] as const;

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'cancelled', 'failing'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The donor's Gift Aid declaration for one charity, in HMRC's model wording: it names the charity
 * that claims (decision 037). The text shown is the text kept as the audit record.
 */
export const giftAidDeclarationText = (charityName: string) =>
  `I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to ${charityName}. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations, it is my responsibility to pay any difference.`;

/** How far back a declaration covers gifts already made (HMRC: the past 4 years). */
export const GIFT_AID_COVERS_PAST_YEARS = 4;

/** Amounts a gift form offers with one click, in minor units (₹100, ₹250, ₹500, ₹1,000). */
export const AMOUNT_PRESETS = [10_000, 25_000, 50_000, 100_000] as const;
