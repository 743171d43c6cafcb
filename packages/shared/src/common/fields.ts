import { z } from 'zod';

/*
 * Groups of answer fields that several schemas share. Each is spread into `z.object` where its
 * fields stand, so the fields' order (and so the served contract) stays as it was; each call makes
 * new schemas.
 */

/** A person in a list of members, admins or requests: their id and names. */
export const personFields = () => ({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A person's account as its owner and the platform admins see it: its id, email and names. */
export const userIdentityFields = () => ({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** Where a place is on the map; null when it has no coordinates. */
export const coordinateFields = () => ({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/**
 * A project's needs besides funds and what is pledged against them: volunteering hours (null when
 * it asks for none), skilled volunteering hours and gifts (docs/product/projects-and-charities.md).
 */
export const pledgeProgressFields = () => ({
  volunteering_hours: z.number().int().nullable(),
  volunteering_pledged: z.number().int(),
  skilled_hours: z.number().int(),
  skilled_pledged: z.number().int(),
  gifts_needed: z.number().int(),
  gifts_pledged: z.number().int(),
});

/** A wallet's balances in minor units of its currency: available, credits and held (docs/product/money.md). */
export const walletBalanceFields = () => ({
  wallet_amount: z.number().int(),
  credits: z.number().int(),
  held: z.number().int(),
  currency: z.string(),
});

/** The identity a charity or an organisation shows: its id, name and registered number. */
export const accountIdentityFields = () => ({
  id: z.number().int(),
  name: z.string(),
  registration_number: z.string().nullable(),
});

/** A charity's or an organisation's standing with the platform admins (docs/product/platform-admin.md). */
export const accountReviewFields = () => ({
  lock_status: z.boolean(),
  approval_status: z.enum(['pending', 'approved', 'rejected']),
  rejection_reason: z.string().nullable(),
});

/** Something listed by its id and name, with its description (cards, plans, groups). */
export const describedFields = () => ({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});

/** What a gift goes to: the project (null for a gift straight to a charity) and the charity. */
export const giftTargetFields = () => ({
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  charity: z.object({ id: z.number().int(), name: z.string() }),
});

/** What was given, summed: funds (minor units), hours and gifts (items). */
export const givingTotalsFields = () => ({
  funds: z.number().int(),
  hours: z.number().int(),
  gifts: z.number().int(),
});

/** Hours given (pledged and kept): volunteering and skilled volunteering, counted apart. */
export const hoursGivenFields = () => ({
  volunteering_hours: z.number().int(),
  skilled_hours: z.number().int(),
});

/** A list answer that is not paged: all its items. */
export function itemsSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}
