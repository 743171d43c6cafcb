import { ADMIN_TYPE } from '@kindred/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { charitiesRepository } from '../charities/charities.repository.js';
import { businesses, businessMemberships } from './organisations.table.js';

/** What a charity admin may do; an admin (type 1) has them all. */
export const CHARITY_PERMISSIONS = [
  'manage_projects',
  'approve_donations',
  'manage_members',
  'view_finance',
] as const;

export const organisationsRepository = {
  /**
   * A user's application to add their charity or organisation: it waits for a platform admin
   * (domain.md §5) and the user becomes its first Super Admin.
   */
  async createApplication(
    db: Executor,
    userId: number,
    kind: 'charity' | 'business',
    organisation: {
      name: string;
      registration_number?: string | undefined;
      description?: string | undefined;
    },
    now: Date,
  ) {
    const fields = {
      name: organisation.name,
      registrationNumber: organisation.registration_number ?? null,
      description: organisation.description ?? null,
      approvalStatus: 'pending' as const,
      createdBy: userId,
    };
    if (kind === 'charity') {
      // The charity and its first admin are the charities module's rows.
      const { id } = await charitiesRepository.insert(db, fields, now);
      await charitiesRepository.addMember(
        db,
        id,
        userId,
        ADMIN_TYPE.superAdmin,
        [...CHARITY_PERMISSIONS],
        now,
      );
      return { kind, id };
    }
    const [business] = await db
      .insert(businesses)
      .values({ ...fields, createdAt: now })
      .returning({ id: businesses.id });
    if (!business) throw new Error('insert returned no row');
    await db
      .insert(businessMemberships)
      .values({ businessId: business.id, userId, adminType: ADMIN_TYPE.superAdmin, createdAt: now });
    return { kind, id: business.id };
  },

  /** A deleted account leaves its businesses. */
  async removeUserMemberships(db: Executor, userId: number) {
    await db.delete(businessMemberships).where(eq(businessMemberships.userId, userId));
  },
};

export const organisationsQueries = {
  async business(db: Executor, id: number) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  },

  /** The ids of a business's Super Admins and Admins, for notices about its money. */
  async businessAdminIds(db: Executor, businessId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: businessMemberships.userId })
      .from(businessMemberships)
      .where(
        and(eq(businessMemberships.businessId, businessId), inArray(businessMemberships.adminType, [1, 2])),
      );
    return rows.map((row) => row.userId);
  },

  async businessMembership(db: Executor, businessId: number, userId: number) {
    const [row] = await db
      .select()
      .from(businessMemberships)
      .where(and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.userId, userId)));
    return row;
  },

  /** The businesses a person belongs to, by name (the session's business memberships). */
  membershipsOfUser(db: Executor, userId: number) {
    return db
      .select({
        business_id: businesses.id,
        name: businesses.name,
        admin_type: businessMemberships.adminType,
        is_signoff_admin: businessMemberships.isSignoffAdmin,
        is_franchise: businesses.isFranchise,
        permissions: businessMemberships.permissions,
      })
      .from(businessMemberships)
      .innerJoin(businesses, eq(businesses.id, businessMemberships.businessId))
      .where(eq(businessMemberships.userId, userId))
      .orderBy(businesses.name);
  },
};
