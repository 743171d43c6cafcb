/** The success toast of giving (docs/product/limits-and-messages.md#messages-users-see). */
export const DONATION_TOAST = { summary: 'Donation successful', detail: 'Successfully donated!' } as const;
/** The success toast of a recurring gift. */
export const SUBSCRIPTION_TOAST = 'Subscription successful';
