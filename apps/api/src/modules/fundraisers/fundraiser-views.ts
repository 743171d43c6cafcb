import type { Fundraiser, FundraiserCard } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { isoDay } from '../../lib/periods.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import type { FundraiserRow } from './fundraisers.repository.js';

/** What a fundraising page shows of the people and causes it names, read for many pages at once. */
async function namesOf(db: Executor, rows: FundraiserRow[]) {
  const ids = <K extends keyof FundraiserRow>(key: K) =>
    rows.map((row) => row[key]).filter((id): id is NonNullable<FundraiserRow[K]> => id !== null) as number[];
  const [people, groups, businesses, projects, covers, charities] = await Promise.all([
    usersQueries.names(db, ids('userId')),
    groupsQueries.names(db, ids('groupId')),
    organisationsQueries.names(db, ids('businessId')),
    projectsQueries.titles(db, ids('projectId')),
    projectsQueries.covers(db, ids('projectId')),
    charitiesQueries.names(db, ids('charityId')),
  ]);
  return { people, groups, businesses, projects, covers, charities };
}

const named = (id: number | null, names: Map<number, string>) =>
  id === null ? null : { id, name: names.get(id) ?? '' };

/** The pages as their cards and their page show them (docs/product/fundraising-pages.md). */
export function fundraiserViews(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function cards(rows: FundraiserRow[], executor: Executor = db()): Promise<FundraiserCard[]> {
    const names = await namesOf(executor, rows);
    const today = isoDay(ctx.now());
    return rows.map((row) => {
      const charity = names.charities.get(row.charityId);
      return {
        id: row.id,
        title: row.title,
        picture: row.picture,
        cause_picture: (row.projectId ? names.covers.get(row.projectId) : charity?.logo) ?? null,
        target: row.target,
        raised: row.raised,
        gifts: row.gifts,
        end_date: row.endDate,
        ended: row.endDate < today,
        fundraiser: { id: row.userId, name: names.people.get(row.userId) ?? '' },
        group: named(row.groupId, names.groups),
        business: named(row.businessId, names.businesses),
        project: named(row.projectId, names.projects),
        charity: { id: row.charityId, name: charity?.name ?? '' },
        hidden: row.hiddenAt !== null,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  /** The whole page as the caller sees it: whether they may edit it or take it down. */
  async function page(
    row: FundraiserRow,
    auth: AuthUser | null,
    executor: Executor = db(),
  ): Promise<Fundraiser> {
    const [[card], canHide] = await Promise.all([
      cards([row], executor),
      ctx.access.can(auth, Permission.CharityFundraisersManage, row.charityId),
    ]);
    if (!card) throw new Error('a page without its card');
    return {
      ...card,
      story: row.story,
      hidden_reason: row.hiddenReason,
      can_edit: auth !== null && auth.id === row.userId && !auth.token,
      can_hide: canHide,
    };
  }

  return { cards, page };
}
