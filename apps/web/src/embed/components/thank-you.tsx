/** @jsxImportSource preact */
import { type DonateResponse, formatMoney, TRANSACTION_STATUS } from '@kindred/shared';
import { useEffect, useRef } from 'preact/hooks';
import { KindredLink } from './header';

export interface ThankYouProps {
  answer: DonateResponse;
  /** The email the receipt goes to. */
  email: string;
  /** How the card was described: 'Card ending 4242', or 'Your card' with Stripe. */
  paidBy: string;
  currency: string;
  onAgain: () => void;
}

/**
 * After the gift: what was given, to whom, how it was paid, where the receipt goes and what
 * happens next (docs/product/card-gifts.md#giving-without-an-account).
 */
export function ThankYou({ answer, email, paidBy, currency, onAgain }: ThankYouProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const gift = answer.donation;
  const charity = gift?.charity.name ?? 'The charity';
  const reviewed = gift?.status === TRANSACTION_STATUS.awaitingPlatformAdminApproval;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <section class="panel" aria-labelledby="thanks-heading" data-testid="embed-thank-you">
      <h2 id="thanks-heading" ref={heading} tabIndex={-1}>
        Thank you for your gift
      </h2>
      {gift ? (
        <dl class="facts">
          <div>
            <dt>You gave</dt>
            <dd>
              {gift.gift_aid && gift.gift_aid_amount > 0
                ? `${money(gift.amount ?? 0)}, with ${money(gift.gift_aid_amount)} of Gift Aid`
                : money(gift.amount ?? 0)}
            </dd>
          </div>
          <div>
            <dt>To</dt>
            <dd>
              {gift.project ? `${gift.project.title}, a project of ${gift.charity.name}` : gift.charity.name}
            </dd>
          </div>
          <div>
            <dt>Paid by</dt>
            <dd>{paidBy}</dd>
          </div>
        </dl>
      ) : null}
      {gift?.receipt_number ? (
        <p>{`Your receipt ${gift.receipt_number} is on its way to ${email}.`}</p>
      ) : null}
      <p>
        {reviewed
          ? `Kindred’s team reviews this gift before it reaches ${charity}. Your card was charged and the amount is held until then; its receipt is mailed to ${email} once it is approved.`
          : `${charity} has your gift. The mail with your receipt has a link to see this gift and download the receipt for 30 days, without signing in.`}
      </p>
      <p>
        {`Make an account with ${email} and this gift shows in your giving: `}
        <KindredLink path="/register">make an account on Kindred</KindredLink>.
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={onAgain}>
          Give again
        </button>
      </div>
    </section>
  );
}
