/** Explore's constants, apart from its schemas so that the public pages read them without loading zod. */

/** The orders of explore's fundraisers: most raised first, ending soonest, or newest first. */
export const FUNDRAISER_SORTS = ['raised', 'ending', 'newest'] as const;
export type FundraiserSort = (typeof FUNDRAISER_SORTS)[number];
