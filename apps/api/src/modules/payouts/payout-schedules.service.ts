import type { PayoutSchedule } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { addDays, isoDay, nextPeriod } from '../../lib/periods.js';
import type { PaymentProvider } from '../payments/index.js';
import { payoutMoney } from './payout-money.js';
import { payoutsRepository } from './payouts.repository.js';

/**
 * A charity's automatic payouts (docs/product/payouts-and-reconciliation.md#a-payouts-life): weekly
 * or monthly, all that is available, made by the daily round once per date.
 */
export function payoutSchedulesService(ctx: AppContext, provider: PaymentProvider) {
  const db = () => ctx.database.db;
  const { open } = payoutMoney(ctx, provider);
  const scheduleOf = (
    row: { frequency: 'weekly' | 'monthly'; nextOn: string } | undefined,
  ): PayoutSchedule => ({
    frequency: row?.frequency ?? null,
    next_on: row?.nextOn ?? null,
  });
  const nextOn = (frequency: 'weekly' | 'monthly', from: string) =>
    frequency === 'weekly' ? addDays(from, 7) : nextPeriod(from, from, 3);

  return {
    /** GET /charity/{id}/payout_schedule */
    async schedule(auth: AuthUser | null, charityId: number) {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [charityId]);
      return scheduleOf(await payoutsRepository.schedule(db(), charityId));
    },

    /** PUT /charity/{id}/payout_schedule: weekly or monthly from tomorrow, or none. */
    async setSchedule(auth: AuthUser | null, charityId: number, frequency: 'weekly' | 'monthly' | null) {
      const user = await ctx.access.require(auth, Permission.CharityPayoutManage, [charityId]);
      if (frequency === null) await payoutsRepository.removeSchedule(db(), charityId);
      else
        await payoutsRepository.setSchedule(db(), {
          charityId,
          frequency,
          nextOn: nextOn(frequency, isoDay(ctx.now())),
          updatedAt: ctx.now(),
          updatedBy: user.id,
        });
      return scheduleOf(await payoutsRepository.schedule(db(), charityId));
    },

    /** The daily round: each schedule due pays out all that is available (at least the minimum). */
    async runSchedules(): Promise<number> {
      const today = isoDay(ctx.now());
      let made = 0;
      await db().transaction(async (tx) => {
        for (const due of await payoutsRepository.dueSchedules(tx, today)) {
          await payoutsRepository.advanceSchedule(tx, due.charityId, nextOn(due.frequency, today));
          try {
            await tx.transaction((savepoint) => open(savepoint, due.charityId, 'all', null));
            made += 1;
          } catch (error) {
            // Too little to pay out, or no checked account yet: the next date tries again.
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          }
        }
      });
      return made;
    },
  };
}
export type PayoutSchedulesService = ReturnType<typeof payoutSchedulesService>;
