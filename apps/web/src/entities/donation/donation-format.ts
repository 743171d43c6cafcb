import {
  type Donation,
  formatMoney,
  GIFT_TYPES,
  GIVING_TYPE,
  GIVING_TYPES,
  labelOf,
  SKILL_TYPES,
  TRANSACTION_STATUS,
} from '@kindred/shared';

/** 'Funds', 'Volunteering', 'Skilled Volunteering', 'Gifts' for a donation type. */
export function donationTypeLabel(type: number): string {
  return labelOf(GIVING_TYPES, type) ?? `Type ${type}`;
}

/** The donation's status as the server names it; the colour of its badge. */
export function donationStatusLabel(donation: Pick<Donation, 'status_label'>): string {
  return donation.status_label;
}

/** Badge colours dark enough for white text (WCAG AA, 4.5:1). */
export const DONATION_STATUS_COLOURS: Record<number, string> = {
  [TRANSACTION_STATUS.awaitingOrganisationApproval]: 'grape.9',
  [TRANSACTION_STATUS.awaitingCharityApproval]: 'cyan.9',
  [TRANSACTION_STATUS.awaitingPlatformAdminApproval]: 'violet.9',
  [TRANSACTION_STATUS.approved]: 'teal.9',
  [TRANSACTION_STATUS.completed]: 'indigo.8',
  [TRANSACTION_STATUS.canceled]: 'red.9',
};

/** '1 hour', '6 hours'. */
export function hoursText(hours: number): string {
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** What was given, in one line: '₹25.00', '6 hours', '4 hours of Legal', '3 × Food (₹40.00)'. */
export function donationWhat(donation: Donation): string {
  switch (donation.type) {
    case GIVING_TYPE.funds:
      return formatMoney(donation.amount ?? 0);
    case GIVING_TYPE.volunteering:
      return hoursText(donation.hours ?? 0);
    case GIVING_TYPE.skilledVolunteering:
      return `${hoursText(donation.hours ?? 0)} of ${labelOf(SKILL_TYPES, donation.skill_type ?? 0) ?? 'skills'}`;
    default: {
      const what = labelOf(GIFT_TYPES, donation.gift_type ?? 0) ?? 'goods';
      const value = donation.estimated_value ? ` (${formatMoney(donation.estimated_value)})` : '';
      return `${donation.quantity ?? 1} × ${what}${value}`;
    }
  }
}
