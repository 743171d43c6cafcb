import { z } from 'zod';
import { text } from '../common/text.js';
import { type Supporter, supporterSchema } from '../donations/schemas.js';
import { amountSchema } from '../wallet/schemas.js';

/**
 * Fundraising pages (docs/product/fundraising-pages.md): a person opens a page for a project or a
 * charity, alone, for a group (a team of pages with a leaderboard) or for an organisation, and asks
 * their friends to give through it.
 */

const id = z.number({ message: 'Choose one.' }).int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.iso.date({ message: 'Use the date format YYYY-MM-DD.' });

export const FUNDRAISER_TITLE_MAX_LENGTH = 120;
export const FUNDRAISER_STORY_MAX_LENGTH = 5000;
export const FUNDRAISER_UPDATE_MAX_LENGTH = 2000;
export const FUNDRAISER_HIDE_REASON_MAX_LENGTH = 500;
/** The furthest a page's end date may lie ahead, in days. */
export const FUNDRAISER_MAX_DAYS = 366;

const fundraiserProfile = {
  title: text(FUNDRAISER_TITLE_MAX_LENGTH).min(3, { message: 'Use at least 3 characters.' }),
  story: text(FUNDRAISER_STORY_MAX_LENGTH).min(20, {
    message: 'Tell your friends why you are raising money (at least 20 characters).',
  }),
  /** What the page hopes to raise, in minor units. */
  target: amountSchema,
  /** The last day gifts are taken through the page (today at the earliest, a year ahead at most). */
  end_date: isoDate,
};

/** POST /fundraiser/create: for a project or a charity (one of the two). */
export const fundraiserCreateBodySchema = z
  .object({
    ...fundraiserProfile,
    project_id: id.optional(),
    charity_id: id.optional(),
    /** A page of a group's team: its creator is a member of the group. */
    group_id: id.optional(),
    /** An organisation's page: its creator is one of its admins. */
    business_id: id.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.project_id === undefined) === (body.charity_id === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['project_id'],
        message: 'Choose the project or the charity the page raises money for.',
      });
    if (body.group_id !== undefined && body.business_id !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['business_id'],
        message: 'A page is for a group or for an organisation, not both.',
      });
  });
export type FundraiserCreateBody = z.infer<typeof fundraiserCreateBodySchema>;

/** PATCH /fundraiser/{id}: its creator edits the page. */
export const fundraiserUpdateBodySchema = z.object(fundraiserProfile).partial().strict();
export type FundraiserUpdateBody = z.infer<typeof fundraiserUpdateBodySchema>;

/** POST /fundraiser/{id}/updates: news from the fundraiser. */
export const fundraiserPostBodySchema = z
  .object({
    body: text(FUNDRAISER_UPDATE_MAX_LENGTH).min(1, { message: 'Write your update.' }),
  })
  .strict();
export type FundraiserPostBody = z.infer<typeof fundraiserPostBodySchema>;

/** POST /fundraiser/{id}/hide: the charity takes down a page that misrepresents it. */
export const fundraiserHideBodySchema = z
  .object({
    reason: text(FUNDRAISER_HIDE_REASON_MAX_LENGTH).min(5, {
      message: 'Tell the fundraiser why (at least 5 characters).',
    }),
  })
  .strict();
export type FundraiserHideBody = z.infer<typeof fundraiserHideBodySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A fundraising page. */
export const fundraiserSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  story: z.string(),
  /** The page's picture (`/api/files/...`), or null: the project's cover or charity's logo stands in. */
  picture: z.string().nullable(),
  /** The cover of the project (or the charity's logo), shown when the page has no picture of its own. */
  cause_picture: z.string().nullable(),
  target: z.number().int(),
  /** Funds given through the page and counted (minor units). */
  raised: z.number().int(),
  /** Gifts counted through the page. */
  gifts: z.number().int(),
  end_date: z.string(),
  /** The end date has passed: the page takes no more gifts. */
  ended: z.boolean(),
  /** The person who opened the page. */
  fundraiser: named,
  group: named.nullable(),
  business: named.nullable(),
  project: named.nullable(),
  charity: named,
  /** Taken down by the charity: seen only by its fundraiser and the charity's admins. */
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  /** The caller may edit the page (its fundraiser). */
  can_edit: z.boolean(),
  /** The caller may take the page down or put it back (an admin of its charity). */
  can_hide: z.boolean(),
  created_at: z.string(),
});
export type Fundraiser = z.infer<typeof fundraiserSchema>;

/**
 * A gift through a page, as its supporters wall shows it: the same as a project's supporters wall
 * (GET /fundraiser/{id}/donations answers pages of these).
 */
export const fundraiserDonationSchema = supporterSchema;
export type FundraiserDonation = Supporter;

/** A fundraiser's news on the page. */
export const fundraiserPostSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
});
export type FundraiserPost = z.infer<typeof fundraiserPostSchema>;

/** One page in a list (a team's leaderboard, a project's pages, someone's own, explore). */
export const fundraiserCardSchema = fundraiserSchema.pick({
  id: true,
  title: true,
  picture: true,
  cause_picture: true,
  target: true,
  raised: true,
  gifts: true,
  end_date: true,
  ended: true,
  fundraiser: true,
  group: true,
  business: true,
  project: true,
  charity: true,
  hidden: true,
  created_at: true,
});
export type FundraiserCard = z.infer<typeof fundraiserCardSchema>;

/** GET /group/{id}/fundraisers: the team's pages, most raised first, with the team's total. */
export const fundraiserTeamSchema = z.object({
  group: named,
  raised: z.number().int(),
  gifts: z.number().int(),
  items: z.array(fundraiserCardSchema.extend({ rank: z.number().int() })),
});
export type FundraiserTeam = z.infer<typeof fundraiserTeamSchema>;
