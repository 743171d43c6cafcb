import type { BankDetails, ProviderAccountInfo } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { providerFailure } from './payments.service.js';
import { type ProviderAccountRow, providerAccountsRepository } from './provider-accounts.repository.js';

/** The bank account masked: "sort code 12-34-56, account ••••5678". */
const maskedBank = (row: ProviderAccountRow) =>
  row.sortCode && row.accountLast4
    ? `sort code ${row.sortCode.slice(0, 2)}-${row.sortCode.slice(2, 4)}-${row.sortCode.slice(4, 6)}, account ••••${row.accountLast4}`
    : null;

export const presentProviderAccount = (row: ProviderAccountRow): ProviderAccountInfo => ({
  charity_id: row.charityId,
  provider: row.provider,
  account_id: row.accountId,
  status: row.status,
  charges_enabled: row.chargesEnabled,
  payouts_enabled: row.payoutsEnabled,
  account_name: row.accountName,
  bank: maskedBank(row),
  verified: row.verifiedAt !== null,
  verified_at: row.verifiedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});
const present = presentProviderAccount;

/** A charity's payout account with the payment provider, and the provider's webhook events. */
export function providerAccountsService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const provider = ctx.paymentProvider;

  return {
    /**
     * Opens or refreshes the payout account (docs/product/payouts-and-reconciliation.md#the-payout-account).
     * New bank details make it a new account that waits for a platform admin's check again.
     */
    async upsert(auth: AuthUser | null, charityId: number, bank?: BankDetails): Promise<ProviderAccountInfo> {
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
          bank: bank && {
            accountName: bank.account_name,
            sortCode: bank.sort_code,
            accountNumber: bank.account_number,
          },
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
        ...(bank
          ? {
              accountName: bank.account_name,
              sortCode: bank.sort_code,
              accountLast4: bank.account_number.slice(-4),
              verifiedAt: null,
              verifiedBy: null,
            }
          : {}),
        updatedAt: ctx.now(),
      });
      return present(row);
    },

    /** Platform admins: the payout accounts, those waiting for a check first. */
    async forReview(auth: AuthUser | null, verified: boolean | undefined) {
      await ctx.access.require(auth, Permission.PlatformPayoutsRead);
      const rows = await providerAccountsRepository.list(db(), verified);
      const names = await charitiesQueries.names(
        db(),
        rows.map((row) => row.charityId),
      );
      return {
        items: rows.map((row) => ({
          ...present(row),
          charity: { id: row.charityId, name: names.get(row.charityId)?.name ?? '' },
        })),
      };
    },

    /** Platform admins: the bank account was checked (its holder is the charity); payouts may go to it. */
    async verify(auth: AuthUser | null, charityId: number): Promise<ProviderAccountInfo> {
      const admin = await ctx.access.require(auth, Permission.PlatformPayoutsManage);
      const row = await providerAccountsRepository.find(db(), charityId);
      if (!row) throw notFound('The payout account');
      if (!row.sortCode)
        throw new AppError(409, 'NO_BANK_DETAILS', 'The charity has not given its bank details yet.');
      const verified = await providerAccountsRepository.verify(db(), charityId, admin.id, ctx.now());
      return present(verified ?? row);
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
