import type { ManageView } from '@kindred/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { FormRefusal } from '@/components/ui/form-refusal';
import { toast } from '@/components/ui/toast';
import {
  CARD_FIELD_MAP,
  CardFields,
  CardFormLoading,
  CardPaymentsUnavailable,
  type CardValues,
  cardErrors,
  cardModeOf,
  declinedOnTheCard,
  EMPTY_CARD,
  isStripePaymentError,
  STRIPE_CARD_MESSAGES,
  StripeCardField,
  toCardInput,
  usePaymentSetup,
  useStripeCard,
} from '@/entities/card';
import { isApiError } from '@/lib/api-client';
import { submitToServer, UNEXPECTED_REFUSAL, useAccessibleForm, useServerErrors } from '@/lib/form';
import type { PlanFormProps } from './amount-form';

type CardFormProps = Omit<PlanFormProps, 'currency'>;

const REFUSAL_TITLE = 'The card was not changed';

/** The toast of a changed card: which card the next gift is charged to. */
function cardChanged(view: ManageView) {
  const label = view.payment_method?.label;
  toast.success('The card is changed.', label ? `The next gift is charged to ${label}.` : undefined);
}

/**
 * A new card for a plan paid by card (docs/product/card-gifts.md#manage-from-the-mail): it becomes
 * a saved card of the giver and the plan charges it from the next try on. Typed into our sandbox
 * form, or with Stripe into Stripe's own field, which turns it into a PaymentMethod.
 */
export function CardForm(props: CardFormProps) {
  const setup = usePaymentSetup();
  const mode = cardModeOf(setup.provider, setup.stripePublishableKey);
  switch (mode.kind) {
    case 'loading':
      return (
        <CardFormFrame>
          <CardFormLoading />
        </CardFormFrame>
      );
    case 'unavailable':
      return (
        <CardFormFrame>
          <CardPaymentsUnavailable instead="The plan keeps charging its current card." />
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose}>
              Keep the card
            </Button>
          </Group>
        </CardFormFrame>
      );
    case 'stripe':
      return <StripeCardForm {...props} publishableKey={mode.publishableKey} />;
    default:
      return <SandboxCardForm {...props} />;
  }
}

/** The form's heading and body (a form element when it has one to submit). */
function CardFormFrame({
  children,
  onSubmit,
  formRef,
}: {
  children: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: RefObject<HTMLFormElement | null>;
}) {
  const headingId = useId();
  const body = (
    <Stack gap="sm">
      <Title order={3} size="h4" id={headingId}>
        Change the card
      </Title>
      {children}
    </Stack>
  );
  if (!onSubmit) return <section aria-labelledby={headingId}>{body}</section>;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      {body}
    </form>
  );
}

function FormButtons({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  return (
    <Group gap="xs">
      <Button type="submit" loading={pending}>
        Save the card
      </Button>
      <Button variant="default" onClick={onClose} disabled={pending}>
        Keep the card
      </Button>
    </Group>
  );
}

/** The sandbox: the card typed into our own fields (test cards only). */
function SandboxCardForm({ act, onClose }: CardFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm<{ card: CardValues }>({
    initialValues: { card: EMPTY_CARD },
    validate: (values) => cardErrors(values.card),
  });
  const server = useServerErrors(form, { formRef, fieldMap: CARD_FIELD_MAP });
  const submit = submitToServer(form, server, formRef, async (values) => {
    let view: ManageView;
    try {
      view = await act.mutateAsync({
        body: { action: 'card', card: toCardInput(values.card) },
        silent: true,
      });
    } catch (error) {
      throw declinedOnTheCard(error);
    }
    cardChanged(view);
    onClose();
  });
  return (
    <CardFormFrame onSubmit={submit} formRef={formRef}>
      <FormRefusal message={server.refusal} title={REFUSAL_TITLE} />
      <CardFields getInputProps={form.getInputProps} legend="New card" />
      <FormButtons pending={act.isPending} onClose={onClose} />
    </CardFormFrame>
  );
}

/** With Stripe: the card typed into Stripe's field, sent to us as a PaymentMethod's id only. */
function StripeCardForm({ act, onClose, publishableKey }: CardFormProps & { publishableKey: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const stripe = useStripeCard();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [making, setMaking] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    if (stripe.stopIncomplete()) return;
    setMaking(true);
    try {
      if (!stripe.ref.current) throw new Error(STRIPE_CARD_MESSAGES.notReady);
      const provider_method_id = await stripe.ref.current.createPaymentMethod();
      const view = await act.mutateAsync({ body: { action: 'card', provider_method_id }, silent: true });
      cardChanged(view);
      onClose();
    } catch (error) {
      if (isStripePaymentError(error)) stripe.show(error.message);
      else if (isApiError(error) && (error.code === 'CARD_DECLINED' || error.fieldErrors.card))
        stripe.show(error.fieldErrors.card ?? error.message);
      else setRefusal(error instanceof Error && error.message ? error.message : UNEXPECTED_REFUSAL);
    } finally {
      setMaking(false);
    }
  };

  return (
    <CardFormFrame onSubmit={(event) => void submit(event)} formRef={formRef}>
      <FormRefusal message={refusal} title={REFUSAL_TITLE} />
      <StripeCardField {...stripe.field} publishableKey={publishableKey} />
      <FormButtons pending={making || act.isPending} onClose={onClose} />
    </CardFormFrame>
  );
}
