import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, smallint } from 'drizzle-orm/pg-core';
import { actorRef, updatedAt } from '../../db/columns.js';
import { businesses } from '../organisations/organisations.table.js';

/**
 * An organisation's matching of its employees' own gifts of funds
 * (docs/product/organisations.md#matching, decision 024): the ratio, the cap per employee per
 * calendar year and the annual budget. Its row is the lock every match of the organisation takes,
 * so two gifts at once never pass a cap together.
 */
export const businessMatching = pgTable(
  'business_matching',
  {
    businessId: bigint('business_id', { mode: 'number' })
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** 100 = the same again; 50 = half of it. */
    ratioPercent: smallint('ratio_percent').notNull(),
    capPerEmployee: bigint('cap_per_employee', { mode: 'number' }).notNull(),
    annualBudget: bigint('annual_budget', { mode: 'number' }).notNull(),
    updatedBy: actorRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_matching_ratio', sql`${t.ratioPercent} between 1 and 1000`),
    check('business_matching_amounts', sql`${t.capPerEmployee} > 0 and ${t.annualBudget} > 0`),
  ],
);
