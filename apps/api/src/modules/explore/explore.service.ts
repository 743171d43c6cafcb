import {
  type CharityExploreQuery,
  ENDING_SOON_DAYS,
  type ExploreSummary,
  type ExploreSummaryQuery,
  FEATURED_COUNT,
  type FundraiserCard,
  type FundraiserExploreQuery,
  type GroupCard,
  type groupExploreQuerySchema,
  type ProjectCard,
  type ProjectExploreQuery,
} from '@kindred/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { searchWords, WORD_SEARCH_CANDIDATES } from '../../db/word-search.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { pageKeyset, toPage } from '../../lib/pagination.js';
import { addDays, isoDay } from '../../lib/periods.js';
import { charitiesQueries } from '../charities/index.js';
import { fundraiserViews } from '../fundraisers/index.js';
import type { GroupRow } from '../groups/index.js';
import { placesQueries } from '../places/index.js';
import { needsProgress, type ProjectRow, projectsQueries, withUnfolded } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import {
  type Bbox,
  exploreRepository,
  FUNDRAISER_LIST_SORTS,
  MAP_CELL_MAX_ZOOM,
  MAX_POINTS,
  type Near,
  PROJECT_SORTS,
  type ProjectFilter,
} from './explore.repository.js';

function parseBbox(bbox: string | undefined): Bbox | undefined {
  if (!bbox) return undefined;
  const [west, south, east, north] = bbox.split(',').map(Number) as [number, number, number, number];
  if (south > north || south < -90 || north > 90)
    throw badRequest('The map area is not valid.', { bbox: 'Use west,south,east,north.' });
  return { west, south, east, north };
}

type ProjectFilters = Omit<ProjectExploreQuery, 'limit' | 'direction' | 'cursor'>;

/** The most words of a fundraisers' search that count: each one more is one more search of names. */
const MAX_SEARCH_WORDS = 6;

/**
 * What visitors find: only Live projects of approved, unlocked charities
 * (docs/product/projects-and-charities.md#what-visitors-find).
 */
/** A public group as its card shows it: never its PIN or its members. */
function groupCard({ group, members }: { group: GroupRow; members: number }): GroupCard {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    group_type: group.groupType,
    logo: group.logo,
    members,
    requires_approval: group.requiresApproval,
  };
}

export function exploreService(ctx: AppContext) {
  // Everything here is a public read, the same for every caller: the read replica when there is one.
  const db = () => ctx.database.reads;

  async function resolveNear(query: {
    city_id?: number | undefined;
    lat?: number | undefined;
    lng?: number | undefined;
    radius_km: number;
  }): Promise<Near | undefined> {
    if (query.city_id) {
      const town = await placesQueries.town(db(), query.city_id);
      if (!town) throw badRequest('The town does not exist.', { city_id: 'Choose a town from the list.' });
      return { lat: town.latitude, lng: town.longitude, radiusKm: query.radius_km };
    }
    if (query.lat !== undefined && query.lng !== undefined)
      return { lat: query.lat, lng: query.lng, radiusKm: query.radius_km };
    if (query.lat !== undefined || query.lng !== undefined)
      throw badRequest('Give both lat and lng.', { lat: 'Needs lng too.' });
    return undefined;
  }

  /** The visitor's filters; "ending soon" counts from today. */
  function projectFilter(query: ProjectFilters, near: Near | undefined): ProjectFilter {
    const endingBy = query.ending_soon ? addDays(isoDay(ctx.now()), ENDING_SOON_DAYS) : undefined;
    return { ...query, endingBy, near };
  }

  function card(
    row: ProjectRow,
    charity: { name: string; logo: string | null } | undefined,
    cover: string | null,
    distance: number | null,
  ): ProjectCard {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      logo: row.logo,
      cover,
      charity:
        row.charityId && charity ? { id: row.charityId, name: charity.name, logo: charity.logo } : null,
      donors_count: row.donorsCount,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      end_date: row.endDate,
      charity_types: row.charityTypes,
      giving_kinds: row.givingKinds,
      funds_target: row.fundsTarget,
      funds_raised: row.fundsRaised,
      ...needsProgress(row),
      distance_km: distance === null ? null : Math.round(distance * 10) / 10,
    };
  }

  /** A page of project cards in the query's order, with their charities and covers. */
  async function projectPage(query: ProjectExploreQuery, near: Near | undefined) {
    const sort = query.sort ?? (query.ending_soon ? 'ending' : near ? 'nearest' : 'newest');
    if (sort === 'nearest' && !near)
      throw badRequest('Sorting by distance needs a place.', { sort: 'Choose a place first.' });
    const { cursor: parts, keyOf } = PROJECT_SORTS[sort];
    const rows = await exploreRepository.projects(db(), projectFilter(query, near), {
      sort,
      ...pageKeyset(query, parts),
    });
    const page = toPage(rows, query, keyOf, (row) => row);
    const ids = page.items.map((row) => row.id);
    const [charities, covers, unfolded] = await Promise.all([
      charitiesQueries.names(
        db(),
        page.items.map((row) => row.charityId),
      ),
      projectsQueries.covers(db(), ids),
      projectsQueries.unfolded(db(), ids),
    ]);
    // The page is in the order of the projects' rows; each card shows its exact progress.
    return {
      ...page,
      items: page.items.map((row) =>
        card(
          withUnfolded(row, unfolded.get(row.id)),
          charities.get(row.charityId ?? 0),
          covers.get(row.id) ?? null,
          row.distance,
        ),
      ),
    };
  }

  return {
    /**
     * Recounts the map cells. One process at a time does it (an advisory lock), and readers keep
     * reading the old counts meanwhile (CONCURRENTLY). It writes: on the primary, never the replica.
     */
    async refreshMapCells() {
      await ctx.database.db.transaction(async (tx) => {
        if (!(await exploreRepository.lockMapCells(tx))) return;
        await exploreRepository.refreshMapCells(tx);
        await ctx.events.record(tx, 'explore.map_refreshed', {});
      });
    },

    async projects(query: ProjectExploreQuery) {
      const near = await resolveNear(query);
      return projectPage(query, near);
    },

    /**
     * The landing page in one call: what was given through projects (their counters) and three
     * short lists of Live projects: ending soonest, near the visitor (when a place is given) and
     * with the most supporters.
     */
    async summary(query: ExploreSummaryQuery): Promise<ExploreSummary> {
      const near = await resolveNear(query);
      const featured = { limit: FEATURED_COUNT, direction: 'after' as const, radius_km: query.radius_km };
      const [totals, endingSoon, nearby, supported] = await Promise.all([
        projectsQueries.givenTotals(db()),
        projectPage({ ...featured, sort: 'ending' }, undefined),
        near ? projectPage({ ...featured, sort: 'nearest' }, near) : undefined,
        projectPage({ ...featured, sort: 'supported' }, undefined),
      ]);
      return {
        totals: {
          funds_given: totals.funds,
          currency: ctx.config.currency,
          hours_given: totals.hours,
          gifts_given: totals.gifts,
          live_projects: totals.live,
        },
        ending_soon: endingSoon.items,
        near: nearby ? nearby.items : null,
        most_supported: supported.items,
      };
    },

    async projectLocations(
      query: Omit<ProjectExploreQuery, 'limit' | 'direction' | 'cursor'> & {
        bbox?: string | undefined;
        zoom: number;
      },
    ) {
      const near = await resolveNear(query);
      const bbox = parseBbox(query.bbox);
      const unfiltered =
        !near &&
        !query.q &&
        !query.charity_type &&
        !query.giving_kind &&
        !query.skill_type &&
        !query.gift_type &&
        !query.ending_soon &&
        !query.charity_id;
      if (unfiltered && query.zoom <= MAP_CELL_MAX_ZOOM && (!bbox || bbox.west <= bbox.east)) {
        // A map of everything: clusters from the cells kept by the scheduler, when there are many.
        const cells = await exploreRepository.mapCells(db(), query.zoom, bbox);
        const total = cells.reduce((sum, c) => sum + c.count, 0);
        if (total > MAX_POINTS) return { items: [], clusters: cells, total };
      }
      return exploreRepository.projectLocations(db(), projectFilter(query, near), bbox, query.zoom);
    },

    async charities(query: CharityExploreQuery) {
      const near = await resolveNear(query);
      const rows = await exploreRepository.charities(
        db(),
        { ...query, near },
        pageKeyset(query, ['text', 'id']),
      );
      const page = toPage(
        rows,
        query,
        (row) => [row.charity.name, row.charity.id],
        (row) => row,
      );
      const counts = await projectsQueries.liveCountsByCharity(
        db(),
        page.items.map((row) => row.charity.id),
      );
      return {
        ...page,
        items: page.items.map(({ charity, distance: d }) => ({
          id: charity.id,
          name: charity.name,
          description: charity.description,
          logo: charity.logo,
          charity_types: charity.charityTypes,
          city: charity.city,
          latitude: charity.latitude,
          longitude: charity.longitude,
          live_projects: counts.get(charity.id) ?? 0,
          distance_km: d === null ? null : Math.round(Number(d) * 10) / 10,
        })),
      };
    },

    async charityLocations(
      query: Omit<CharityExploreQuery, 'limit' | 'direction' | 'cursor'> & {
        bbox?: string | undefined;
        zoom: number;
      },
    ) {
      const near = await resolveNear(query);
      return exploreRepository.charityLocations(db(), { ...query, near }, parseBbox(query.bbox), query.zoom);
    },

    async groups(query: z.infer<typeof groupExploreQuerySchema>) {
      const rows = await exploreRepository.groups(db(), query, pageKeyset(query, ['text', 'id']));
      const page = toPage(
        rows,
        query,
        (row) => [row.group.name, row.group.id],
        (row) => row,
      );
      return {
        ...page,
        items: page.items.map(groupCard),
      };
    },

    /**
     * GET /explore/fundraiser/list: open, visible fundraising pages of public causes
     * (docs/product/fundraising-pages.md, "Lists"), most raised first unless asked otherwise. Each
     * word searched starts a word of a page's title, its cause or its fundraiser's name; a search
     * with no word in it (only punctuation) finds nothing.
     */
    async fundraisers(query: FundraiserExploreQuery) {
      const sort = query.sort ?? 'raised';
      const { cursor: parts, keyOf } = FUNDRAISER_LIST_SORTS[sort];
      const keyset = pageKeyset(query, parts);
      const words = query.q ? searchWords(query.q).slice(0, MAX_SEARCH_WORDS) : [];
      if (query.q && words.length === 0) return { items: [], next_cursor: null, prev_cursor: null };
      // Whose names start with each word: read one word at a time, through the users module.
      const filterWords: Array<{ word: string; people: number[] }> = [];
      for (const word of words) {
        const people = await usersQueries.searchByName(db(), word, WORD_SEARCH_CANDIDATES);
        filterWords.push({ word, people: people.map((person) => person.id) });
      }
      const rows = await exploreRepository.fundraisers(
        db(),
        { today: isoDay(ctx.now()), words: filterWords },
        { sort, ...keyset },
      );
      const page = toPage(rows, query, keyOf, (row) => row);
      const cards: FundraiserCard[] = await fundraiserViews(ctx).cards(page.items, db());
      return { ...page, items: cards };
    },

    /**
     * GET /explore/group/{id}: a public group as a visitor sees it (its card: no PIN, no members'
     * names); 404 for a private group as for one that does not exist.
     */
    async group(id: number): Promise<GroupCard> {
      const row = await exploreRepository.group(db(), id);
      if (!row) throw notFound('The group');
      return groupCard(row);
    },
  };
}
