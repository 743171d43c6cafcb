/** The spec's success toast of giving (§8). */
export const DONATION_TOAST = { summary: 'Donation successful', detail: 'Successfully donated!' } as const;
/** The spec's success toast of a recurring gift (§8). */
export const SUBSCRIPTION_TOAST = 'Subscription successful';
