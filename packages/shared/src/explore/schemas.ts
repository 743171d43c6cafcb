import { z } from 'zod';
import { coordinateFields, describedFields, pledgeProgressFields } from '../common/fields.js';
import { pageQuerySchema, placeIdSchema } from '../common/pagination.js';
import { CHARITY_TYPES, GIFT_TYPES, SKILL_TYPES } from '../reference/index.js';
import { FUNDRAISER_SORTS } from './constants.js';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** "Ends soon" means within this many days. */
export const ENDING_SOON_DAYS = 30;
export const DEFAULT_RADIUS_KM = 25;

const near = {
  q: z.string().trim().max(100).optional(),
  charity_type: z.coerce.number().int().min(1).max(CHARITY_TYPES.length).optional(),
  /** Near a town (GET /city/by_state) or a point, within radius_km. */
  city_id: z.coerce.number().pipe(placeIdSchema).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  radius_km: z.coerce.number().min(1).max(1000).default(DEFAULT_RADIUS_KM),
};

/** Filters of GET /explore/project/list and /explore/project/locations. */
export const projectFiltersSchema = z.object({
  ...near,
  giving_kind: z.coerce.number().int().min(2).max(5).optional(),
  skill_type: z.coerce.number().int().min(1).max(SKILL_TYPES.length).optional(),
  gift_type: z.coerce.number().int().min(1).max(GIFT_TYPES.length).optional(),
  ending_soon: flag,
  charity_id: z.coerce.number().int().positive().optional(),
});
export const projectExploreQuerySchema = pageQuerySchema.extend({
  ...projectFiltersSchema.shape,
  /** newest first, ending first, nearest first (needs a place), or most supporters first. */
  sort: z.enum(['newest', 'ending', 'nearest', 'supported']).optional(),
});
export type ProjectExploreQuery = z.infer<typeof projectExploreQuerySchema>;

export const charityExploreQuerySchema = pageQuerySchema.extend({ ...near });
export type CharityExploreQuery = z.infer<typeof charityExploreQuerySchema>;

export const groupExploreQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  group_type: z.coerce.number().int().min(1).max(3).optional(),
});

/**
 * GET /explore/fundraiser/list: open, visible fundraising pages (docs/product/fundraising-pages.md),
 * searched by their title, their cause (the project or charity) and the fundraiser's name.
 */
export const fundraiserExploreQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  /** Most raised first unless asked otherwise. */
  sort: z.enum(FUNDRAISER_SORTS).optional(),
});
export type FundraiserExploreQuery = z.infer<typeof fundraiserExploreQuerySchema>;

/** A map view: bounding box "west,south,east,north" and the zoom level, for clustering. */
export const mapQuerySchema = z.object({
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, {
      message: 'Use west,south,east,north.',
    })
    .optional(),
  zoom: z.coerce.number().int().min(0).max(22).default(6),
});

export const projectCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  logo: z.string().nullable(),
  /** The first picture of the project's gallery (decision 018), or null: add `_small.webp` etc. */
  cover: z.string().nullable(),
  charity: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }).nullable(),
  donors_count: z.number().int(),
  city: z.string().nullable(),
  ...coordinateFields(),
  end_date: z.string().nullable(),
  charity_types: z.array(z.number().int()),
  giving_kinds: z.array(z.number().int()),
  funds_target: z.number().int().nullable(),
  funds_raised: z.number().int(),
  ...pledgeProgressFields(),
  distance_km: z.number().nullable(),
});
export type ProjectCard = z.infer<typeof projectCardSchema>;

export const charityCardSchema = z.object({
  ...describedFields(),
  logo: z.string().nullable(),
  charity_types: z.array(z.number().int()),
  city: z.string().nullable(),
  ...coordinateFields(),
  live_projects: z.number().int(),
  distance_km: z.number().nullable(),
});
export type CharityCard = z.infer<typeof charityCardSchema>;

export const groupCardSchema = z.object({
  ...describedFields(),
  group_type: z.number().int(),
  logo: z.string().nullable(),
  members: z.number().int(),
  requires_approval: z.boolean(),
});
export type GroupCard = z.infer<typeof groupCardSchema>;

export const mapPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export const mapClusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number().int(),
});
export const locationsSchema = z.object({
  items: z.array(mapPointSchema),
  clusters: z.array(mapClusterSchema),
  total: z.number().int(),
});
export type Locations = z.infer<typeof locationsSchema>;

/** Where the visitor is, for the "near you" list of GET /explore/summary (all optional). */
export const exploreSummaryQuerySchema = z.object({
  city_id: near.city_id,
  lat: near.lat,
  lng: near.lng,
  radius_km: near.radius_km,
});
export type ExploreSummaryQuery = z.infer<typeof exploreSummaryQuerySchema>;

/** How many projects each featured list of the landing page shows. */
export const FEATURED_COUNT = 4;

/** GET /explore/summary: live totals of what was given, and the landing page's featured lists. */
export const exploreSummarySchema = z.object({
  totals: z.object({
    /** Funds given to projects, in minor units of `currency`. */
    funds_given: z.number().int(),
    currency: z.string(),
    /** Volunteering and skilled volunteering hours pledged. */
    hours_given: z.number().int(),
    /** Gifts (items) pledged. */
    gifts_given: z.number().int(),
    live_projects: z.number().int(),
  }),
  ending_soon: z.array(projectCardSchema),
  /** Null when no place was given. */
  near: z.array(projectCardSchema).nullable(),
  most_supported: z.array(projectCardSchema),
});
export type ExploreSummary = z.infer<typeof exploreSummarySchema>;
