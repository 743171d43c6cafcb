import {
  GIVING_TYPE,
  GUEST_GIFTS_PER_EMAIL_PER_DAY,
  type GuestDonateBody,
  giftAidDeclarationText,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { account } from '../ledger/index.js';
import { giftPaymentsQueries } from '../payments/index.js';
import { projectsWrites } from '../projects/index.js';
import type { CardGiftAnswer, CardGiftsService, GiftIntent } from './card-gifts.service.js';
import type { GiftDonor, GiftTarget } from './donation-flow.js';
import { donationsRepository } from './donations.repository.js';
import { giftAidRepository } from './gift-aid.repository.js';
import type { GiftRecorder } from './gift-recorder.js';
import { guestsRepository } from './guests.repository.js';

const DAY_MS = 86_400_000;

/**
 * Giving without an account (docs/product/card-gifts.md#giving-without-an-account): a gift of
 * funds by card, once, with Gift Aid declared inline, the receipt mailed to the address given. No
 * account is made and no answer differs for an email that has one. When a person signs in with
 * that email verified, the gifts become theirs (`claim`).
 */
export function guestGiftsService(ctx: AppContext, recorder: GiftRecorder, cardGifts: CardGiftsService) {
  const db = () => ctx.database.db;

  return {
    async give(
      target: GiftTarget,
      body: GuestDonateBody,
      idempotency: IdempotencyRequest,
    ): Promise<CardGiftAnswer> {
      const email = body.email.trim();
      const since = new Date(ctx.now().getTime() - DAY_MS);
      if ((await guestsRepository.countSince(db(), email, since)) >= GUEST_GIFTS_PER_EMAIL_PER_DAY)
        throw new AppError(
          429,
          'TOO_MANY_GUEST_GIFTS',
          `This email has given ${GUEST_GIFTS_PER_EMAIL_PER_DAY} times as a guest today. Try again tomorrow.`,
        );
      if (ctx.paymentProvider.name === 'sandbox' && !body.card)
        throw badRequest('Enter card details.', { card: 'Required.' });
      const gift = {
        type: GIVING_TYPE.funds,
        amount: body.amount,
        source: 'card' as const,
        ...(body.card ? { card: body.card } : {}),
        ...(body.gift_aid ? { gift_aid: true } : {}),
        ...(body.anonymous ? { anonymous: true } : {}),
        ...(body.message ? { message: body.message } : {}),
        ...(body.fundraiser_id !== undefined ? { fundraiser_id: body.fundraiser_id } : {}),
      };
      // The gift's checks first, so that a refusal writes nothing (not even the guest).
      const checked = await db().transaction((tx) => recorder.check(tx, target, gift));
      // A retry with the same key is the same guest and declaration, kept on the first payment.
      const first = idempotency.key
        ? await giftPaymentsQueries.byIdempotency(db(), idempotency.scope, idempotency.key)
        : undefined;
      const earlier = first?.intent as GiftIntent | undefined;
      let donor: GiftDonor;
      let declarationId: number | null;
      if (earlier) {
        donor = earlier.donor;
        declarationId = earlier.declarationId ?? null;
      } else {
        const made = await db().transaction(async (tx) => {
          const guest = await guestsRepository.insert(tx, {
            email,
            firstName: body.first_name,
            lastName: body.last_name,
            createdAt: ctx.now(),
          });
          if (!body.gift_aid || !body.declaration) return { guest, declaration: null };
          const declaration = await giftAidRepository.insertDeclaration(tx, {
            userId: null,
            guestGiverId: guest.id,
            charityId: checked.charity.id,
            title: body.declaration.title ? body.declaration.title : null,
            firstName: body.first_name,
            lastName: body.last_name,
            house: body.declaration.house,
            address: '',
            postCode: body.declaration.post_code.toUpperCase(),
            text: giftAidDeclarationText(checked.charity.name),
            declaredAt: ctx.now(),
          });
          return { guest, declaration };
        });
        donor = { ownerType: 'guest', ownerId: made.guest.id };
        declarationId = made.declaration?.id ?? null;
      }
      return cardGifts.give({
        target,
        body: gift,
        donor,
        userId: null,
        signoff: false,
        email,
        idempotency,
        declarationId,
        check: async () => undefined,
      });
    },

    /**
     * A person signed in with this email verified: the guests' gifts of that email become theirs,
     * with their declarations (where the person has none of their own for that charity) and any
     * money the guest's accounts still hold (a gift waiting for review). Safe to run again.
     */
    async claim(user: { id: number; email: string }): Promise<number> {
      return db().transaction(async (tx: Tx) => {
        const guests = await guestsRepository.unclaimed(tx, user.email);
        if (guests.length === 0) return 0;
        const ids = guests.map((guest) => guest.id);
        const moved = await donationsRepository.giveGuestsGiftsTo(tx, ids, user.id, ctx.now());
        await projectsWrites.moveDonors(tx, ids, user.id);
        for (const guest of guests) {
          const guestOwner = { ownerType: 'guest', ownerId: guest.id } as const;
          const balances = await ctx.ledger.balances(tx, guestOwner);
          for (const kind of ['held', 'wallet'] as const) {
            if (balances[kind] > 0)
              await ctx.ledger.transfer(
                tx,
                account(guestOwner, kind),
                account({ ownerType: 'user', ownerId: user.id }, kind),
                balances[kind],
                {
                  kind: 'guest_claimed',
                  description: 'Gifts made as a guest, now in the account',
                  createdBy: user.id,
                },
              );
          }
        }
        for (const declaration of await giftAidRepository.currentOfGuests(tx, ids)) {
          const own = declaration.charityId
            ? await giftAidRepository.declarationFor(tx, user.id, declaration.charityId)
            : undefined;
          if (own) {
            await giftAidRepository.cancelDeclaration(tx, declaration.id, ctx.now());
            continue;
          }
          await giftAidRepository.giveToUser(tx, declaration.id, user.id);
        }
        await guestsRepository.markClaimed(tx, ids, user.id, ctx.now());
        return moved;
      });
    },
  };
}
export type GuestGiftsService = ReturnType<typeof guestGiftsService>;
