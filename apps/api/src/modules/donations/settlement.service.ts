import { GIVING_TYPE, TRANSACTION_STATUS } from '@kindred/shared';
import type { Tx } from '../../db/client.js';
import { account, type LedgerService } from '../ledger/index.js';
import { projectsWrites } from '../projects/index.js';
import { donationsRepository } from './donations.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const { approved, completed, canceled } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/**
 * A project's settlement: when it ends, its donations end with it. Called by the projects module
 * inside the transaction of the project's change, after it checked who may make it.
 */
export function settlementService(
  recorder: GiftRecorder,
  subscriptions: SubscriptionsService,
  ledger: LedgerService,
) {
  const { flow } = recorder;

  /**
   * The project's donors counts, then its funds account, locked before its donations are read
   * (docs/product/donations.md#the-order-a-gift-takes-its-locks): a gift that read the project live
   * either committed before (and is settled here) or is refused by the ledger after.
   */
  async function lockProjectMoney(tx: Tx, projectId: number) {
    await projectsWrites.lockDonors(tx, projectId);
    await ledger.lock(tx, account({ ownerType: 'project', ownerId: projectId }, 'project_funds'));
  }

  return {
    /**
     * A cancelled project returns every undelivered donation
     * (docs/product/donations.md#a-project-that-ends,
     * docs/product/projects-and-charities.md#transitions): funds back to where they came from,
     * offers of time and goods declined. Runs in the project's transaction.
     */
    async projectCancelled(tx: Tx, projectId: number, userId: number) {
      await lockProjectMoney(tx, projectId);
      const open = await donationsRepository.lockOpenOfProject(tx, projectId);
      for (const row of open)
        await flow.move(tx, row, canceled, { userId, reason: 'The project was cancelled.' });
      await subscriptions.endForProject(tx, projectId);
    },

    /** A completed project delivered its funds to the charity: its approved funds donations are Completed. */
    async projectCompleted(tx: Tx, projectId: number, userId: number) {
      await lockProjectMoney(tx, projectId);
      const open = await donationsRepository.lockOpenOfProject(tx, projectId);
      for (const row of open)
        if (row.type === funds && row.status === approved)
          await flow.move(tx, row, completed, { userId, reason: 'The project was completed.' });
      await subscriptions.endForProject(tx, projectId);
    },
  };
}
export type SettlementService = ReturnType<typeof settlementService>;
