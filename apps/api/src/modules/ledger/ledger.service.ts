import { MAX_AMOUNT } from '@kindred/shared';
import type { Db, Executor, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Keyset } from '../../lib/pagination.js';
import { type AccountRef, type HistoryFilter, ledgerRepository, ledgerTotals } from './ledger.repository.js';
import type { LedgerAccountKind, LedgerOwnerType } from './ledger.table.js';

export type { HistoryFilter, HistoryRow } from './ledger.repository.js';

/** The largest single movement accepted: 10 billion major units. */
/** The largest amount one movement may carry: the API's amount limit. */
export const MAX_MOVEMENT = MAX_AMOUNT;

export interface Posting {
  account: AccountRef;
  /** Signed minor units: positive credits the account, negative debits it. */
  amount: number;
}

export interface Movement {
  kind: string;
  description: string;
  createdBy?: number | null;
  reference?: Record<string, unknown>;
  /** The donation whose money this moves, if any. */
  donationId?: number;
  /**
   * A gift's movement: refused (409 PROJECT_NOT_LIVE) unless this project is still live once the
   * accounts are locked (docs/product/donations.md#the-order-a-gift-takes-its-locks).
   */
  whileLive?: number;
  postings: Posting[];
}

export interface Owner {
  ownerType: LedgerOwnerType;
  ownerId: number;
}

/** The platform's counter-accounts (they may go below zero: they mirror money held for others). */
export const PLATFORM = {
  provider: { ownerType: 'platform', ownerId: 0, kind: 'provider' },
  manual: { ownerType: 'platform', ownerId: 0, kind: 'manual' },
  creditsIssued: { ownerType: 'platform', ownerId: 0, kind: 'credits_issued' },
  fees: { ownerType: 'platform', ownerId: 0, kind: 'fees' },
  losses: { ownerType: 'platform', ownerId: 0, kind: 'losses' },
} as const satisfies Record<string, AccountRef>;

export const account = (owner: Owner, kind: AccountRef['kind']): AccountRef => ({ ...owner, kind });

export class InsufficientFundsError extends AppError {
  constructor(kind: string) {
    const what = kind === 'credits' ? 'credits' : kind === 'held' ? 'held funds' : 'funds in the wallet';
    super(409, 'INSUFFICIENT_FUNDS', `There are not enough ${what} for this.`, { account: kind });
  }
}

/**
 * The refusal a database call that posted a movement failed with (`ledger_post`'s KL001 not enough
 * in an account, KL002 the project no longer live), or undefined for any other failure.
 */
export function movementRefusal(error: unknown): AppError | undefined {
  const refused = ledgerRepository.refusalOf(error);
  if (!refused) return undefined;
  return 'short' in refused ? new InsufficientFundsError(refused.short) : projectNotLive();
}

/** The refusal of a gift to a project that stopped taking gifts (the same words as the gift's own check). */
export const projectNotLive = () =>
  new AppError(409, 'PROJECT_NOT_LIVE', 'This project is not taking donations: it is not live.');

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_MOVEMENT) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'The amount must be a whole number of minor units above zero.',
      {
        fields: { amount: 'Not a valid amount.' },
      },
    );
  }
}

/**
 * The only writer of the ledger (docs/product/money.md#the-ledger). Every movement is one ledger
 * transaction whose entries sum to zero, written with the balance updates inside the caller's
 * database transaction. Accounts are locked in id order first, so concurrent movements serialise on
 * PostgreSQL.
 */
/**
 * Writes one balanced movement. Internal to the ledger module (its service and its tests): other
 * modules move money only through the named operations of `ledgerService`.
 */
export function ledgerPosting(currency: string, now: Clock) {
  return async function post(tx: Tx | Executor, movement: Movement): Promise<number> {
    const postings = movement.postings.filter((p) => p.amount !== 0);
    if (postings.length < 2) throw new Error('A ledger transaction needs at least two entries.');
    for (const p of postings) {
      if (!Number.isSafeInteger(p.amount) || Math.abs(p.amount) > MAX_MOVEMENT) {
        throw new Error(`Invalid ledger amount ${p.amount}`);
      }
    }
    const sum = postings.reduce((total, p) => total + p.amount, 0);
    if (sum !== 0) throw new Error(`Ledger entries must sum to zero, not ${sum}.`);

    const posted = await ledgerRepository.post(
      tx,
      {
        createdAt: now(),
        kind: movement.kind,
        description: movement.description,
        currency,
        createdBy: movement.createdBy ?? null,
        reference: movement.reference ?? {},
        donationId: movement.donationId ?? null,
      },
      postings,
      movement.whileLive ?? null,
    );
    if ('short' in posted) throw new InsufficientFundsError(posted.short);
    if ('notLive' in posted) throw projectNotLive();
    return posted.id;
  };
}

type Meta = Omit<Movement, 'postings'>;

export function ledgerService(currency: string, now: Clock) {
  const post = ledgerPosting(currency, now);

  /** Card money: from one account, through the giver's wallet (which ends where it began), to another. */
  function throughWallet(
    tx: Executor,
    from: AccountRef,
    owner: Owner,
    to: AccountRef,
    amount: number,
    meta: Meta,
  ) {
    assertAmount(amount);
    const wallet = account(owner, 'wallet');
    return post(tx, {
      ...meta,
      postings: [
        { account: from, amount: -amount },
        { account: wallet, amount },
        { account: wallet, amount: -amount },
        { account: to, amount },
      ],
    });
  }

  return {
    currency,

    /**
     * Holds an account until the transaction ends (made if it is not there yet): a settlement
     * reads and moves what a project's funds hold while no gift can add to them.
     */
    lock(tx: Executor, ref: AccountRef) {
      return ledgerRepository.lock(tx, ref, currency, now());
    },

    /** Moves an amount from one account to another. */
    transfer(tx: Executor, from: AccountRef, to: AccountRef, amount: number, meta: Meta) {
      assertAmount(amount);
      return post(tx, {
        ...meta,
        postings: [
          { account: from, amount: -amount },
          { account: to, amount },
        ],
      });
    },

    /**
     * A transfer as the arguments of the database's `ledger_post` (for `gift_write`, which posts it
     * in the same call as the rest of a gift), checked as `transfer` checks it. A refusal of the
     * call is read with `movementRefusal`.
     */
    transferArgs(from: AccountRef, to: AccountRef, amount: number, meta: Meta) {
      assertAmount(amount);
      return {
        currency,
        kind: meta.kind,
        description: meta.description,
        created_by: meta.createdBy ?? null,
        reference: meta.reference ?? {},
        owner_types: [from.ownerType, to.ownerType],
        owner_ids: [from.ownerId, to.ownerId],
        kinds: [from.kind, to.kind],
        amounts: [-amount, amount],
        while_live: meta.whileLive ?? null,
      };
    },

    /** Reserves an amount of an owner's wallet (or credits) for a donation awaiting approval. */
    hold(tx: Executor, owner: Owner, amount: number, meta: Meta, source: 'wallet' | 'credits' = 'wallet') {
      assertAmount(amount);
      return post(tx, {
        ...meta,
        postings: [
          { account: account(owner, source), amount: -amount },
          { account: account(owner, 'held'), amount },
        ],
      });
    },

    /** Gives held money back to the owner's wallet (or credits). */
    release(tx: Executor, owner: Owner, amount: number, meta: Meta, target: 'wallet' | 'credits' = 'wallet') {
      assertAmount(amount);
      return post(tx, {
        ...meta,
        postings: [
          { account: account(owner, 'held'), amount: -amount },
          { account: account(owner, target), amount },
        ],
      });
    },

    /** Pays held money to where the donation goes (a project's or charity's funds). */
    capture(tx: Executor, owner: Owner, to: AccountRef, amount: number, meta: Meta) {
      assertAmount(amount);
      return post(tx, {
        ...meta,
        postings: [
          { account: account(owner, 'held'), amount: -amount },
          { account: to, amount },
        ],
      });
    },

    /**
     * A gift paid by card (docs/product/card-gifts.md#the-money): the card money comes in from the
     * provider, passes through the giver's wallet and goes on to `to` (the project's or charity's
     * funds, or the giver's held balance while the gift waits), all in one ledger transaction. The
     * wallet's balance ends where it began, so a card gift never depends on, or changes, it.
     */
    payByCard(tx: Executor, owner: Owner, to: AccountRef, amount: number, meta: Meta) {
      return throughWallet(tx, PLATFORM.provider, owner, to, amount, meta);
    },

    /**
     * Card money given back (docs/product/refunds-and-disputes.md#back-the-way-it-came): from where
     * the gift's money rests, through the giver's wallet, out to the provider, in one ledger
     * transaction: the mirror of `payByCard`, so the wallet's balance ends where it began.
     */
    refundToCard(tx: Executor, from: AccountRef, owner: Owner, amount: number, meta: Meta) {
      return throughWallet(tx, from, owner, PLATFORM.provider, amount, meta);
    },

    /** Balances of an owner by kind; zero for accounts never used. */
    balances(db: Db | Executor, owner: Owner) {
      return ledgerQueries.balances(db, owner, currency);
    },
  };
}

/** What other modules may read of the ledger without moving money. */
export const ledgerQueries = {
  /** Balances of an owner by kind; zero for accounts never used. */
  async balances(db: Db | Executor, owner: Owner, currency: string) {
    const map = await ledgerRepository.balances(db, owner.ownerType, owner.ownerId, currency);
    return {
      wallet: map.get('wallet') ?? 0,
      credits: map.get('credits') ?? 0,
      held: map.get('held') ?? 0,
      projectFunds: map.get('project_funds') ?? 0,
      charityFunds: map.get('charity_funds') ?? 0,
    };
  },

  /** What one kind of account holds over several owners together (what a charity's projects hold). */
  async sumOfOwners(
    db: Db | Executor,
    ownerType: LedgerOwnerType,
    ownerIds: number[],
    kind: LedgerAccountKind,
    currency: string,
  ): Promise<number> {
    const balances = await ledgerRepository.balancesOfOwners(db, ownerType, ownerIds, currency);
    return balances.filter((b) => b.kind === kind).reduce((sum, b) => sum + b.balance, 0);
  },

  /** Daily sums for the platform statistics: money donated, wallets' change, credits issued. */
  totals: ledgerTotals,

  /** An owner's entries for wallet history and statements, newest first, keyset paged. */
  history(db: Db | Executor, filter: HistoryFilter, page: Keyset) {
    return ledgerRepository.history(db, filter, page);
  },

  /** What became of held gifts: donation id -> 'donation_capture' or 'donation_release' (absent: still held). */
  settlements(db: Db | Executor, donationIds: number[]) {
    return ledgerRepository.settlementsOf(db, donationIds);
  },
};
export type LedgerService = ReturnType<typeof ledgerService>;
