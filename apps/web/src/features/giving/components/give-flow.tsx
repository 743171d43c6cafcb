import {
  DEFAULT_CURRENCY,
  type DonateResponse,
  formatMoney,
  GIVING_TYPE,
  TRANSACTION_STATUS,
  toMinorUnits,
} from '@kindred/shared';
import { Alert, Button, Group, Radio, Stack, Stepper, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { toast } from '@/components/ui/toast';
import {
  cardModeOf,
  finishWithStripe,
  isStripePaymentError,
  SandboxBankCheck,
  StripeCardField,
  usePaymentSetup,
  useStripeCard,
} from '@/entities/card';
import { GiftMessageFields, GiveDialog, giftAidQueries, useStepHeading } from '@/entities/donation';
import { fundraiserQueries, fundraiserRefusal } from '@/entities/fundraiser';
import { USER_WALLET, type WalletOwner, walletQueries } from '@/entities/wallet';
import { isApiError } from '@/lib/api-client';
import { serverErrorsOf, useAccessibleForm } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { type KeyedAttempt, mayHaveGoneThrough, useKeyedAttempts } from '@/lib/idempotency';
import { useConfirmCardGift } from '../api/confirm-card-gift';
import { needsCardAction, useDonate } from '../api/donate';
import {
  FORM_FIELDS,
  frequencyLabel,
  type GiveValues,
  initialValues,
  toDonateBody,
  validateGive,
} from '../lib/give-form';
import { useActiveOrganisationGiver } from '../lib/giver';
import {
  charityName,
  charityOf,
  type GiveKind,
  type GiveTarget,
  giftOptions,
  KIND_TITLES,
  pledgeWindow,
  skillOptions,
  targetKey,
  targetName,
  volunteeringHoursLeft,
} from '../lib/target';
import { DONATION_TOAST, SUBSCRIPTION_TOAST } from '../lib/toasts';
import { FundsFields } from './funds-fields';
import { GiftFields } from './gift-fields';
import { GiveConfirmation } from './give-confirmation';
import { Review } from './review';
import { TimeFields } from './time-fields';

const RETRY_NOTE = 'Confirm again to finish: the same gift is retried, so it is not given twice.';

export interface GiveFlowProps {
  target: GiveTarget;
  kind: GiveKind;
  onClose: () => void;
}

function failureOf(error: unknown, target: GiveTarget): { title: string; message: string } {
  const title = 'Your gift was not made';
  if (!isApiError(error)) return { title, message: `Something went wrong. ${RETRY_NOTE}` };
  const closed = fundraiserRefusal(error, targetName(target));
  if (closed) return { title, message: closed };
  if (error.status === 0) return { title, message: `The server could not be reached. ${RETRY_NOTE}` };
  if (mayHaveGoneThrough(error)) return { title, message: `${error.message} ${RETRY_NOTE}` };
  return { title, message: error.message };
}

/**
 * The give flow in a dialog: the gift's details, then a review with the final confirm. Funds can
 * top up the wallet by card inside the review when it is short. One Idempotency-Key per attempt,
 * reused when the same gift is confirmed again after an unanswered try.
 */
export function GiveFlow({ target, kind, onClose }: GiveFlowProps) {
  const [today] = useState(todayIso);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const attempts = useKeyedAttempts();
  // The attempt a card's extra step belongs to: its confirm goes with the same key.
  const lastAttempt = useRef<KeyedAttempt | null>(null);
  const [done, setDone] = useState<{
    answer: DonateResponse;
    organisation: string | null;
    /** The saved card that paid, if one did. */
    card: string | null;
  } | null>(null);
  const inFlight = useRef(false);
  const detailsRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // Acting as an organisation, the gift is made on its behalf unless the person chooses their own;
  // a gift through a fundraising page is the person's own, once (docs/product/fundraising-pages.md).
  const activeOrganisation = useActiveOrganisationGiver();
  const organisation = target.fundraiser ? null : activeOrganisation;
  const queryClient = useQueryClient();
  const [giveAs, setGiveAs] = useState<'organisation' | 'self'>(organisation ? 'organisation' : 'self');
  const asOrganisation = organisation !== null && giveAs === 'organisation';
  const owner: WalletOwner = asOrganisation
    ? { type: 'business', id: organisation.id, name: organisation.name }
    : USER_WALLET;
  // An organisation's wallet is read by its Super Admins and Admins only.
  const wallet = useQuery({
    ...walletQueries.balance(owner),
    enabled: !asOrganisation || organisation.readsWallet,
  });
  // Gift Aid needs the donor's declaration naming the gift's charity.
  const charity = charityOf(target);
  const declaration = useQuery({
    ...giftAidQueries.forCharity(charity?.id ?? 0),
    enabled: kind === GIVING_TYPE.funds && charity !== null,
  });
  const mutation = useDonate();
  const confirmation = useConfirmCardGift();
  // Cards: the sandbox's form or Stripe's field; an organisation's cards are its admins' to use.
  const setup = usePaymentSetup();
  const cardMode = cardModeOf(setup.provider, setup.stripePublishableKey);
  const cardsReadable = !asOrganisation || organisation.readsWallet;
  const cards = useQuery({ ...walletQueries.paymentMethods(owner), enabled: cardsReadable });
  const stripe = useStripeCard();
  // A card whose bank asks for one more step (3-D Secure): the payment waiting for it.
  const [action, setAction] = useState<{ id: number; clientSecret: string } | null>(null);
  const pending = mutation.isPending || confirmation.isPending;
  const currency = wallet.data?.currency ?? DEFAULT_CURRENCY;
  const skills = skillOptions(target);
  const gifts = giftOptions(target);
  const dates = pledgeWindow(target, today);
  const form = useAccessibleForm<GiveValues>({
    initialValues: initialValues(kind, {
      today,
      ...(skills.length === 1 && skills[0] ? { skill: skills[0].value } : {}),
      ...(gifts.length === 1 && gifts[0] ? { gift: gifts[0].value } : {}),
    }),
    validate: (values) =>
      validateGive(values, {
        kind,
        today,
        dates,
        hoursLeft: volunteeringHoursLeft(target),
        cardMode: cardMode.kind === 'stripe' ? 'stripe' : 'sandbox',
      }),
  });

  const stepHeading = useStepHeading(active);

  const focusFirstInvalid = () =>
    setTimeout(() => {
      detailsRef.current
        ?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')
        ?.focus();
    }, 0);

  const next = form.onSubmit(
    (values) => {
      if (
        kind === GIVING_TYPE.funds &&
        values.gift_aid &&
        values.source !== 'credits' &&
        declaration.isSuccess &&
        declaration.data.declaration === null
      ) {
        form.setFieldError('gift_aid', 'Make your Gift Aid declaration below first, or untick Gift Aid.');
        focusFirstInvalid();
        return;
      }
      setFailure(null);
      setActive(1);
    },
    () => focusFirstInvalid(),
  );

  const values = form.values;
  const amount = kind === GIVING_TYPE.funds ? (toMinorUnits(values.amount) ?? 0) : 0;
  // The money moves now unless a recurring gift starts on a later day.
  const paysNow =
    kind === GIVING_TYPE.funds && !(values.repeat === 'recurring' && values.start_date !== today);
  const byCard = kind === GIVING_TYPE.funds && values.source === 'card';
  const available =
    values.source === 'wallet'
      ? wallet.data?.wallet_amount
      : values.source === 'credits'
        ? wallet.data?.credits
        : undefined;
  const short = paysNow && available !== undefined && amount > available ? amount - available : 0;
  // A recurring gift from the wallet whose next gifts the wallet will not cover (after today's).
  const left = available === undefined ? undefined : available - (paysNow ? amount : 0);
  const nextUncovered =
    kind === GIVING_TYPE.funds &&
    values.repeat === 'recurring' &&
    !byCard &&
    left !== undefined &&
    left < amount;
  const newStripeCard = byCard && values.card_choice === 'new' && cardMode.kind === 'stripe';
  const savedCard = byCard
    ? cards.data?.items.find((card) => String(card.id) === values.card_choice)
    : undefined;

  /** A gift made (201): the confirmation step and its toast. */
  const finish = (result: DonateResponse) => {
    attempts.answered();
    setAction(null);
    // The confirmation step says what was given and what happens next (give-confirmation.tsx);
    // the success toasts follow only a gift made now or a recurring gift set up.
    if (result.subscription) toast.success(SUBSCRIPTION_TOAST);
    else if (result.donation?.status === TRANSACTION_STATUS.approved)
      toast.success(DONATION_TOAST.summary, DONATION_TOAST.detail);
    setDone({
      answer: result,
      organisation: asOrganisation ? organisation.name : null,
      card: savedCard?.label ?? null,
    });
  };

  /** A refused or unanswered gift: beside its field (the card's on the details step), or as the alert. */
  const failed = (error: unknown) => {
    attempts.failed(error);
    setAction(null);
    if (isStripePaymentError(error)) {
      stripe.show(error.message);
      return;
    }
    // A card refused beside the card: Stripe's field at the review, else the details' card.
    const cardRefusal = isApiError(error) ? error.fieldErrors.card : undefined;
    if (cardRefusal && newStripeCard) {
      stripe.show(String(cardRefusal));
      return;
    }
    const { fields } = serverErrorsOf(error, form.getValues(), {
      card: values.card_choice === 'new' ? 'card.number' : 'card_choice',
      payment_method_id: 'card_choice',
    });
    const onDetails = Object.entries(fields).filter(([field]) => FORM_FIELDS.has(field));
    if (onDetails.length > 0) {
      form.setErrors(Object.fromEntries(onDetails));
      setActive(0);
      focusFirstInvalid();
      return;
    }
    if (isApiError(error) && error.code === 'INSUFFICIENT_FUNDS') void wallet.refetch();
    // A page that ended or was hidden meanwhile: the page behind the dialog shows it too.
    if (target.fundraiser && fundraiserRefusal(error, '') !== null)
      void queryClient.invalidateQueries({ queryKey: fundraiserQueries.one(target.fundraiser.id) });
    setFailure(failureOf(error, target));
    setTimeout(() => failureRef.current?.focus(), 0);
  };

  /** After the card's bank step: the payment becomes the gift. */
  const confirmPaid = async (paymentId: number) => {
    const current = lastAttempt.current;
    if (!current) return;
    inFlight.current = true;
    try {
      const result = await confirmation.mutateAsync({
        paymentId,
        attempt: current,
        target,
        ...(asOrganisation ? { organisation: { id: organisation.id, name: organisation.name } } : {}),
      });
      if (needsCardAction(result)) {
        setAction({ id: result.payment.id, clientSecret: result.payment.client_secret });
        return;
      }
      finish(result);
    } catch (error) {
      failed(error);
    } finally {
      inFlight.current = false;
    }
  };

  const give = async () => {
    if (inFlight.current || short > 0) return;
    if (newStripeCard && stripe.stopIncomplete()) return;
    // An organisation gives once at a time, without Gift Aid (each gift is signed off on its own);
    // a gift through a fundraising page is given once, and names the page.
    const once: GiveValues = asOrganisation || target.fundraiser ? { ...values, repeat: 'once' } : values;
    const body = {
      ...toDonateBody(asOrganisation ? { ...once, gift_aid: false } : once, kind),
      ...(target.fundraiser ? { fundraiser_id: target.fundraiser.id } : {}),
    };
    const current = attempts.next({
      target: targetKey(target),
      body,
      giver: asOrganisation ? organisation.id : 'self',
    });
    lastAttempt.current = current;
    inFlight.current = true;
    setFailure(null);
    stripe.setError(null);
    let opened: { id: number; clientSecret: string } | null = null;
    try {
      const result = await mutation.mutateAsync({
        target,
        body,
        attempt: current,
        ...(asOrganisation ? { organisation: { id: organisation.id, name: organisation.name } } : {}),
      });
      if (!needsCardAction(result)) {
        finish(result);
        return;
      }
      opened = { id: result.payment.id, clientSecret: result.payment.client_secret };
      // The sandbox shows its stand-in for the bank's page; with Stripe, Stripe pays the new card
      // (asking the bank itself) or finishes the saved card's step.
      if (cardMode.kind === 'sandbox') {
        setAction(opened);
        return;
      }
      if (newStripeCard && stripe.ref.current) await stripe.ref.current.confirmPayment(opened.clientSecret);
      else if (cardMode.kind === 'stripe')
        await finishWithStripe(cardMode.publishableKey, opened.clientSecret);
    } catch (error) {
      failed(error);
      return;
    } finally {
      inFlight.current = false;
    }
    if (opened) await confirmPaid(opened.id);
  };

  /** A wallet too short for the gift: the card pays instead, chosen on the details step. */
  const payByCard = () => {
    form.setFieldValue('source', 'card');
    setFailure(null);
    setActive(0);
  };

  const title = `${KIND_TITLES[kind]}: ${targetName(target)}`;

  return (
    <GiveDialog title={title} busy={pending} onClose={onClose}>
      {done ? (
        <GiveConfirmation
          answer={done.answer}
          organisation={done.organisation}
          card={done.card}
          onClose={onClose}
          {...(target.fundraiser ? { fundraiser: target.fundraiser } : {})}
        />
      ) : null}
      <Stepper
        display={done ? 'none' : undefined}
        active={active}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={setActive}
      >
        <Stepper.Step label="Details" description="Your gift">
          <form ref={detailsRef} onSubmit={next} noValidate aria-label="Your gift">
            <Stack gap="md" mt="md">
              {stepHeading('Your gift')}
              {organisation ? (
                <Radio.Group
                  label="Give as"
                  value={giveAs}
                  onChange={(value) => {
                    const as = value === 'self' ? 'self' : 'organisation';
                    // An organisation gives once, without Gift Aid: what was chosen for oneself goes.
                    if (as === 'organisation') form.setValues({ repeat: 'once', gift_aid: false });
                    setGiveAs(as);
                  }}
                >
                  <Stack gap="xs" mt={6}>
                    <Radio
                      value="organisation"
                      label={organisation.name}
                      description="From the organisation’s wallet, held until its sign-off admins approve."
                    />
                    <Radio value="self" label="Myself" description="From my own wallet." />
                  </Stack>
                </Radio.Group>
              ) : null}
              <Text size="sm">
                {target.kind === 'project'
                  ? `To ${targetName(target)}, a project of ${charityName(target)}.`
                  : `Directly to ${targetName(target)}.`}
                {target.fundraiser ? ` Through the page “${target.fundraiser.title}”, once.` : ''}
              </Text>
              {kind === GIVING_TYPE.funds ? (
                <FundsFields
                  form={form}
                  currency={currency}
                  wallet={wallet.data}
                  today={today}
                  charity={charity}
                  cardMode={cardsReadable ? cardMode : null}
                  cards={cards.data?.items}
                  once={target.fundraiser !== undefined}
                  {...(asOrganisation ? { organisation: organisation.name } : {})}
                />
              ) : kind === GIVING_TYPE.gifts ? (
                <GiftFields form={form} target={target} currency={currency} />
              ) : (
                <TimeFields form={form} kind={kind} target={target} today={today} />
              )}
              <GiftMessageFields
                to={charityName(target)}
                messageProps={form.getInputProps('message')}
                anonymousProps={form.getInputProps('anonymous', { type: 'checkbox' })}
              />
              <Group justify="space-between">
                <Button type="button" variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit">Review</Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label="Review" description="Check and confirm">
          <Stack gap="md" mt="md">
            {stepHeading('Check your gift')}
            <Review
              values={values}
              kind={kind}
              target={target}
              currency={currency}
              today={today}
              onBehalfOf={asOrganisation ? organisation.name : undefined}
              card={savedCard?.label ?? null}
            />
            {newStripeCard && cardMode.kind === 'stripe' ? (
              <StripeCardField {...stripe.field} publishableKey={cardMode.publishableKey} />
            ) : null}
            {nextUncovered && left !== undefined ? (
              <Alert color="yellow" variant="light" title="Your wallet will not cover the next gifts">
                {`After this, your wallet has ${formatMoney(Math.max(0, left), currency)}; each gift needs ${formatMoney(amount, currency)}. Add money before the next one, or go back and pay by card, so that it does not fail.`}
              </Alert>
            ) : null}
            {action ? (
              <SandboxBankCheck
                clientSecret={action.clientSecret}
                amount={amount}
                currency={currency}
                payee={`Kindred, for ${charityName(target)}`}
                onAnswered={() => void confirmPaid(action.id)}
              />
            ) : null}
            {asOrganisation ? (
              <Alert color="grape" variant="light" title={`On behalf of ${organisation.name}`}>
                {`The amount is held from ${organisation.name}’s ${values.source === 'credits' ? 'credits' : 'wallet'} until its sign-off admins approve; if they reject it, it goes back.`}
              </Alert>
            ) : null}
            {short > 0 && asOrganisation ? (
              <ErrorAlert title="Not enough in the organisation’s wallet">
                {`${organisation.name} has ${formatMoney(available ?? 0, currency)}; this gift needs ${formatMoney(amount, currency)}. Its admins add money from its wallet screen.`}
              </ErrorAlert>
            ) : null}
            {short > 0 && values.source === 'wallet' && !asOrganisation ? (
              <Alert color="yellow" variant="light" title="Your wallet is short" data-testid="give-short">
                <Stack gap="sm">
                  <Text size="sm">
                    {`Your wallet has ${formatMoney(available ?? 0, currency)}; this gift needs ${formatMoney(amount, currency)}. Pay it by card instead, in the same step, or go back and give less.`}
                  </Text>
                  {cardMode.kind === 'sandbox' || cardMode.kind === 'stripe' ? (
                    <Group>
                      <Button size="sm" onClick={payByCard}>
                        Pay by card instead
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            {short > 0 && values.source === 'credits' && !asOrganisation ? (
              <ErrorAlert title="Not enough credits">
                {`You have ${formatMoney(available ?? 0, currency)} in credits; this gift needs ${formatMoney(amount, currency)}. Go back and give less, or pay from your wallet.`}
              </ErrorAlert>
            ) : null}
            {failure ? (
              <ErrorAlert ref={failureRef} tabIndex={-1} role="alert" title={failure.title}>
                {failure.message}
              </ErrorAlert>
            ) : null}
            <Group justify="space-between">
              <Button
                type="button"
                variant="default"
                onClick={() => {
                  setAction(null);
                  setActive(0);
                }}
                disabled={pending}
              >
                Back
              </Button>
              <Button type="button" onClick={give} loading={pending} disabled={short > 0 || action !== null}>
                {kind === GIVING_TYPE.funds
                  ? values.repeat === 'recurring' && !asOrganisation
                    ? `Confirm: ${formatMoney(amount, currency)} ${frequencyLabel(values.frequency).toLowerCase()}`
                    : byCard
                      ? `Confirm: pay ${formatMoney(amount, currency)} by card`
                      : `Confirm: give ${formatMoney(amount, currency)}`
                  : 'Confirm'}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </GiveDialog>
  );
}
