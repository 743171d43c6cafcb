import { ADMIN_TYPE } from '@kindred/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { charities, charityMemberships } from '../charities/charities.table.js';
import { users } from '../users/users.table.js';
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
      createdAt: now,
    };
    if (kind === 'charity') {
      const [charity] = await db
        .insert(charities)
        .values({ ...fields, updatedAt: now })
        .returning({ id: charities.id });
      if (!charity) throw new Error('insert returned no row');
      await db.insert(charityMemberships).values({
        charityId: charity.id,
        userId,
        adminType: ADMIN_TYPE.superAdmin,
        permissions: [...CHARITY_PERMISSIONS],
        createdAt: now,
      });
      return { kind, id: charity.id };
    }
    const [business] = await db.insert(businesses).values(fields).returning({ id: businesses.id });
    if (!business) throw new Error('insert returned no row');
    await db
      .insert(businessMemberships)
      .values({ businessId: business.id, userId, adminType: ADMIN_TYPE.superAdmin, createdAt: now });
    return { kind, id: business.id };
  },
};

export const organisationsQueries = {
  async business(db: Executor, id: number) {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  },

  async charity(db: Executor, id: number) {
    const [row] = await db.select().from(charities).where(eq(charities.id, id));
    return row;
  },

  /** Emails of a business's Super Admins and Admins, for notices about its money. */
  async businessAdminEmails(db: Executor, businessId: number): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(businessMemberships)
      .innerJoin(users, eq(users.id, businessMemberships.userId))
      .where(
        and(eq(businessMemberships.businessId, businessId), inArray(businessMemberships.adminType, [1, 2])),
      );
    return rows.map((row) => row.email);
  },

  async businessMembership(db: Executor, businessId: number, userId: number) {
    const [row] = await db
      .select()
      .from(businessMemberships)
      .where(and(eq(businessMemberships.businessId, businessId), eq(businessMemberships.userId, userId)));
    return row;
  },

  async charityMembership(db: Executor, charityId: number, userId: number) {
    const [row] = await db
      .select()
      .from(charityMemberships)
      .where(and(eq(charityMemberships.charityId, charityId), eq(charityMemberships.userId, userId)));
    return row;
  },
};
