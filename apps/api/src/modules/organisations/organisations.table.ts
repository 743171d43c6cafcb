import { bigint, boolean, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import {
  accountIdentity,
  accountReview,
  createdAt,
  createdBy,
  deletedAt,
  parentRef,
  userRef,
} from '../../db/columns.js';
import { nameWords } from '../../db/word-search.js';

export { APPROVAL_STATUSES } from '../../db/columns.js';

/** Organisations (businesses), their sub-businesses and their members. */
export const businesses = pgTable(
  'businesses',
  {
    ...accountIdentity(),
    isFranchise: boolean('is_franchise').notNull().default(false),
    parentId: bigint('parent_id', { mode: 'number' }),
    ...accountReview(),
    logo: text('logo'),
    /** Sign-off policy (decision 021): approvals every donation needs, and more at or above a threshold. */
    signoffApprovals: smallint('signoff_approvals').notNull().default(1),
    signoffThreshold: bigint('signoff_threshold', { mode: 'number' }),
    signoffApprovalsAbove: smallint('signoff_approvals_above'),
    /** Deleted by its Super Admin: kept for the ledger's history, gone from every screen. */
    deletedAt: deletedAt(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('businesses_parent_idx').on(t.parentId),
    index('businesses_approval_idx').on(t.approvalStatus, t.id),
    // A message's recipient, by the start of the name's words (decision 032).
    index('businesses_name_words_idx').using('gin', nameWords(t.name)),
  ],
);

export const businessMemberships = pgTable(
  'business_memberships',
  {
    businessId: parentRef('business_id', () => businesses.id, 'cascade'),
    userId: userRef('user_id'),
    /** 1 Super Admin, 2 Admin, 99 Employee. */
    adminType: smallint('admin_type').notNull().default(99),
    isSignoffAdmin: boolean('is_signoff_admin').notNull().default(false),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    index('business_memberships_user_idx').on(t.userId),
  ],
);
