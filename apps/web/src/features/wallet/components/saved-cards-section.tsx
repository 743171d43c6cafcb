import type { PaymentMethod, SavePaymentMethodBody } from '@kindred/shared';
import { Badge, Button, Checkbox, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { confirm } from '@/components/ui/confirm';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import {
  CARD_FIELD_MAP,
  type CardValues,
  cardErrors,
  declinedOnTheCard,
  EMPTY_CARD,
  toCardInput,
} from '@/entities/card';
import { ownerKey, type WalletOwner, walletQueries } from '@/entities/wallet';
import { useAccessibleForm } from '@/lib/form';
import {
  useMakeDefaultPaymentMethod,
  useRemovePaymentMethod,
  useSavePaymentMethod,
} from '../api/payment-methods';
import { CardGrid } from './card-grid';
import {
  type CardFormBodyProps,
  type CardFormProps,
  CardPaymentForm,
  useCardPayment,
  withCardMode,
} from './card-payment';

/** 'Expires 04/31': the card's expiry as printed on it. */
export function expiryText(card: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `Expires ${two(card.exp_month)}/${two(card.exp_year % 100)}`;
}

function SavedCard({ card, owner, others }: { card: PaymentMethod; owner: WalletOwner; others: number }) {
  const makeDefault = useMakeDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const onMakeDefault = async () => {
    try {
      await makeDefault.mutateAsync({ owner, id: card.id });
      toast.success('Default card changed', `${card.label} is now the default card.`);
    } catch {
      // The API client showed the error toast.
    }
  };
  const onRemove = async () => {
    const confirmed = await confirm({
      title: `Remove ${card.label}?`,
      message: `The card will no longer be offered when giving by card.${
        card.is_default && others > 0 ? ' Another saved card becomes the default.' : ''
      } You can save it again at any time.`,
      confirmLabel: 'Yes, remove it',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ owner, id: card.id });
      toast.success('Card removed', `${card.label} is no longer saved.`);
    } catch {
      // The API client showed the error toast.
    }
  };
  return (
    <Paper component="li" p="md" withBorder style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{card.label}</Text>
          {card.is_default ? (
            <Badge color="teal.9" variant="filled">
              Default
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{expiryText(card)}</Text>
        <Group justify="flex-end" gap="xs">
          {card.is_default ? null : (
            <Button
              variant="default"
              size="xs"
              // The visible words start the name (label in name).
              aria-label={`Make default: ${card.label}`}
              onClick={() => void onMakeDefault()}
              loading={makeDefault.isPending}
            >
              Make default
            </Button>
          )}
          <Button
            variant="outline"
            color="red.9"
            size="xs"
            aria-label={`Remove ${card.label}`}
            onClick={() => void onRemove()}
            loading={remove.isPending}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CardList({ cards, owner }: { cards: PaymentMethod[]; owner: WalletOwner }) {
  return (
    <CardGrid label={owner.type === 'user' ? 'Your saved cards' : `Saved cards of ${owner.name}`}>
      {cards.map((card) => (
        <SavedCard key={card.id} card={card} owner={owner} others={cards.length - 1} />
      ))}
    </CardGrid>
  );
}

/**
 * Saved cards: the owner's cards, the default first, with making one the default, removing one
 * (confirmed) and saving another. A gift by card offers them.
 */
export function SavedCardsSection(props: CardFormProps) {
  const { owner } = props;
  const headingId = useId();
  const cards = useQuery(walletQueries.paymentMethods(owner));
  return (
    <TitledSection id={headingId} title="Saved cards">
      <Text size="sm">
        {owner.type === 'user'
          ? 'A saved card lets you give by card in one step. The default card is offered first.'
          : `A saved card lets you give for ${owner.name} by card in one step. The default card is offered first.`}
      </Text>
      <QueryState
        query={cards}
        layout="inline"
        loading="Loading the saved cards…"
        failed="The saved cards could not be loaded."
        empty={
          <EmptyState variant="text">
            {owner.type === 'user'
              ? 'No saved cards yet. Save one to give by card in one step.'
              : `${owner.name} has no saved cards yet. Save one to give by card in one step.`}
          </EmptyState>
        }
      >
        {(data) => <CardList cards={data.items} owner={owner} />}
      </QueryState>
      <Divider />
      <SaveCardForm {...props} />
    </TitledSection>
  );
}

interface SaveCardValues {
  /** The sandbox card fields (with Stripe the card is in Stripe's field, not the form's). */
  card?: CardValues;
  make_default: boolean;
}

const RETRY_NOTE =
  'The list of saved cards above shows whether it was saved; if it is not there, submit again.';

/**
 * "Add a card": the card, typed into our sandbox card form or, with Stripe, into Stripe Elements
 * (which turns it into a PaymentMethod for the API to keep), and whether it becomes the default.
 */
const SaveCardForm = withCardMode<CardFormProps>(SaveCardFormBody);

function SaveCardFormBody({ owner, mode }: CardFormBodyProps<CardFormProps>) {
  const sandbox = mode.kind === 'sandbox';
  const payment = useCardPayment(
    mode,
    // With Stripe the form has no card fields: a refusal of the card shows above the button.
    {
      title: 'The card was not saved',
      retryNote: RETRY_NOTE,
      fieldMap: sandbox ? CARD_FIELD_MAP : {},
      readRefusal: sandbox ? declinedOnTheCard : undefined,
    },
  );
  const mutation = useSavePaymentMethod();
  const form = useAccessibleForm<SaveCardValues>({
    initialValues: sandbox ? { card: EMPTY_CARD, make_default: false } : { make_default: false },
    // With Stripe the card is checked by Stripe's own field.
    validate: (values) => (values.card ? cardErrors(values.card) : {}),
  });

  const submit = payment.submit(form, async (values) => {
    if (mode.kind !== 'sandbox' && mode.kind !== 'stripe') return;
    if (payment.stripeIncomplete()) return;
    const base: SavePaymentMethodBody = {
      ...(values.card ? { card: toCardInput(values.card) } : {}),
      make_default: values.make_default,
    };
    const current = payment.attempts.next({ owner: ownerKey(owner), base, ...payment.stripeFingerprint() });
    const paymentMethodId = await payment.paymentMethodOf(current);
    const body = paymentMethodId === undefined ? base : { ...base, provider_method_id: paymentMethodId };
    const saved = await mutation.mutateAsync({ owner, body });
    payment.paid();
    form.reset();
    toast.success(
      'Card saved',
      saved.is_default ? `${saved.label} is saved as the default card.` : `${saved.label} is saved.`,
    );
  });

  return (
    <CardPaymentForm
      mode={mode}
      payment={payment}
      title="Add a card"
      titleOrder={3}
      submitLabel="Save card"
      pending={mutation.isPending}
      onSubmit={submit}
    >
      {payment.card(form.getInputProps)}
      <Checkbox
        label={
          owner.type === 'user' ? 'Make this my default card' : `Make this the default card of ${owner.name}`
        }
        description="The first card saved is the default in any case."
        {...form.getInputProps('make_default', { type: 'checkbox' })}
      />
    </CardPaymentForm>
  );
}
