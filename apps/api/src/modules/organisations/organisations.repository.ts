import type { Executor } from '../../db/client.js';
import { businesses, businessMemberships, charities, charityMemberships } from './organisations.table.js';

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
  ) {
    const fields = {
      name: organisation.name,
      registrationNumber: organisation.registration_number ?? null,
      description: organisation.description ?? null,
      approvalStatus: 'pending' as const,
      createdBy: userId,
    };
    if (kind === 'charity') {
      const [charity] = await db.insert(charities).values(fields).returning({ id: charities.id });
      if (!charity) throw new Error('insert returned no row');
      await db
        .insert(charityMemberships)
        .values({ charityId: charity.id, userId, adminType: 1, permissions: [...CHARITY_PERMISSIONS] });
      return { kind, id: charity.id };
    }
    const [business] = await db.insert(businesses).values(fields).returning({ id: businesses.id });
    if (!business) throw new Error('insert returned no row');
    await db.insert(businessMemberships).values({ businessId: business.id, userId, adminType: 1 });
    return { kind, id: business.id };
  },
};
