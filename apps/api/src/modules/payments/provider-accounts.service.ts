import type { ProviderAccountInfo } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { providerFailure } from './payments.service.js';
import { type ProviderAccountRow, providerAccountsRepository } from './provider-accounts.repository.js';

const present = (row: ProviderAccountRow): ProviderAccountInfo => ({
  charity_id: row.charityId,
  provider: row.provider,
  account_id: row.accountId,
  status: row.status,
  charges_enabled: row.chargesEnabled,
  payouts_enabled: row.payoutsEnabled,
  updated_at: row.updatedAt.toISOString(),
});

/** A charity's payout account with the payment provider, and the provider's webhook events. */
export function providerAccountsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const provider = ctx.paymentProvider;

  return {
    async upsert(auth: AuthUser | null, charityId: number): Promise<ProviderAccountInfo> {
      await ctx.access.require(auth, Permission.CharityPayoutManage, [charityId]);
      const charity = await charitiesQueries.byId(db(), charityId);
      if (!charity) throw notFound('The charity');
      if (charity.approvalStatus !== 'approved') {
        throw new AppError(
          409,
          'CHARITY_NOT_APPROVED',
          'The charity must be approved before it can receive payouts.',
        );
      }
      const existing = await providerAccountsRepository.find(db(), charityId);
      let remote: Awaited<ReturnType<typeof provider.upsertAccount>>;
      try {
        remote = await provider.upsertAccount({
          existingId: existing?.accountId,
          charityId,
          email: charity.email,
          name: charity.name,
        });
      } catch (error) {
        providerFailure(error);
      }
      const row = await providerAccountsRepository.upsert(db(), {
        charityId,
        provider: provider.name,
        accountId: remote.id,
        status: remote.status,
        chargesEnabled: remote.chargesEnabled,
        payoutsEnabled: remote.payoutsEnabled,
        updatedAt: ctx.now(),
      });
      return present(row);
    },

    async get(auth: AuthUser | null, charityId: number): Promise<ProviderAccountInfo> {
      await ctx.access.require(auth, Permission.CharityFinanceRead, [charityId]);
      const row = await providerAccountsRepository.find(db(), charityId);
      if (!row) throw notFound('The payout account');
      return present(row);
    },

    /** Whether an event with this id has been applied already. */
    eventSeen(id: string): Promise<boolean> {
      return providerAccountsRepository.eventSeen(db(), id);
    },

    /** True the first time an event id is seen. */
    recordEvent(id: string, type: string): Promise<boolean> {
      return providerAccountsRepository.recordEvent(db(), id, type, ctx.now());
    },
  };
}
