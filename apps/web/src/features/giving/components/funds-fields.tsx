import { FREQUENCIES, formatMoney, type PaymentMethod, type Wallet } from '@kindred/shared';
import { Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '@/components/ui/date-field';
import type { CardMode } from '@/entities/card';
import { AmountChoice, GiftAidCheckbox, giftAidQueries } from '@/entities/donation';
import { useCurrentUser } from '@/entities/session';
import { parseAmount } from '@/lib/amount';
import { dateFieldProps } from '@/lib/form';

import type { GiveValues } from '../lib/give-form';
import { CardChoice } from './card-choice';
import { GiftAidDeclarationFields } from './gift-aid-declaration';
import { MatchingNote } from './matching-note';

export interface FundsFieldsProps {
  form: UseFormReturnType<GiveValues>;
  currency: string;
  /** The person's balances (undefined while they load). */
  wallet: Wallet | undefined;
  today: string;
  /** Given on behalf of this organisation: from its wallet or credits, once, without Gift Aid. */
  organisation?: string;
  /** The charity that receives the gift: Gift Aid needs the donor's declaration naming it. */
  charity: { id: number; name: string } | null;
  /** How this deployment takes cards; null when a card is not offered (an organisation's member without its wallet). */
  cardMode: CardMode | null;
  /** The giver's saved cards. */
  cards: PaymentMethod[] | undefined;
  /** Given once only (through a fundraising page): no recurring gift is offered. */
  once?: boolean;
}

/** The amount (presets or typed), where it comes from, once or recurring, and Gift Aid. */
export function FundsFields({
  form,
  currency,
  wallet,
  today,
  organisation,
  charity,
  cardMode,
  cards,
  once = false,
}: FundsFieldsProps) {
  const user = useCurrentUser();
  const declarations = useQuery({
    ...giftAidQueries.forCharity(charity?.id ?? 0),
    enabled: charity !== null && !organisation,
  });
  const declaration = declarations.data?.declaration;
  const typed = parseAmount(form.values.amount);
  const fromWallet = form.values.source === 'wallet';
  // Gift Aid goes with money the donor pays: their wallet or their card, never credits.
  const paid = form.values.source !== 'credits';
  const balance = (amount: number | undefined) =>
    amount === undefined
      ? organisation
        ? 'its admins see the balance'
        : 'loading…'
      : `${formatMoney(amount, currency)} available`;
  const whose = organisation ? `${organisation}’s` : 'My';
  const needsDeclaration = paid && form.values.gift_aid && declarations.isSuccess && !declaration;

  return (
    <Stack gap="md">
      <AmountChoice
        id="give"
        currency={currency}
        amount={form.values.amount}
        onPreset={(text) => form.setFieldValue('amount', text)}
        inputProps={form.getInputProps('amount')}
      />
      {organisation || !fromWallet || form.values.repeat !== 'once' ? null : (
        <MatchingNote amount={typed} currency={currency} />
      )}
      <Radio.Group label="Pay from" required {...form.getInputProps('source')}>
        <Stack gap="xs" mt={6}>
          <Radio value="wallet" label={`${whose} wallet (${balance(wallet?.wallet_amount)})`} />
          <Radio
            value="credits"
            label={`${whose} credits (${balance(wallet?.credits)})`}
            description={
              wallet?.credits === 0
                ? organisation
                  ? 'It has no credits to give.'
                  : 'You have no credits to give.'
                : 'Credits can only be given; Gift Aid is not added to them.'
            }
            disabled={wallet?.credits === 0}
          />
          {cardMode && cardMode.kind !== 'unavailable' ? (
            <Radio
              value="card"
              label={organisation ? `A card of ${organisation}` : 'Card'}
              description="Paid by card now, in one step: the wallet is not used."
            />
          ) : null}
        </Stack>
      </Radio.Group>
      {form.values.source === 'card' && cardMode ? (
        <CardChoice
          form={form}
          cards={cards}
          mode={cardMode}
          recurring={form.values.repeat === 'recurring'}
        />
      ) : null}
      {organisation || once ? null : (
        <Radio.Group label="How often" {...form.getInputProps('repeat')}>
          <Group gap="md" mt={6}>
            <Radio value="once" label="Once" />
            <Radio value="recurring" label="Recurring" />
          </Group>
        </Radio.Group>
      )}
      {form.values.repeat === 'recurring' && !organisation && !once ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Frequency"
            required
            allowDeselect={false}
            data={FREQUENCIES.map((f) => ({ value: String(f.id), label: f.label }))}
            {...form.getInputProps('frequency')}
          />
          <DateField
            label="First gift on"
            required
            clearable={false}
            minDate={today}
            description="mm/dd/yy; today or later. Today's gift is made at once."
            {...dateFieldProps(form, 'start_date')}
          />
          <DateField
            label="Last gift by"
            description="mm/dd/yy; optional. Left blank, it goes on until you cancel it."
            minDate={form.values.start_date ?? today}
            {...dateFieldProps(form, 'end_date')}
          />
        </SimpleGrid>
      ) : null}
      {paid && !organisation && charity ? (
        <Stack gap="xs">
          <GiftAidCheckbox
            amount={form.values.amount}
            currency={currency}
            inputProps={form.getInputProps('gift_aid', { type: 'checkbox' })}
          />
          {form.values.gift_aid && declaration ? (
            <Text size="sm" c="dimmed">
              Your Gift Aid declaration for {charity.name} of {declaration.first_name} {declaration.last_name}
              , {declaration.post_code} applies.
            </Text>
          ) : null}
          {needsDeclaration ? (
            <GiftAidDeclarationFields
              charity={charity}
              previous={declarations.data?.previous ?? null}
              firstName={user?.first_name ?? ''}
              lastName={user?.last_name ?? ''}
              onDeclared={() => form.clearFieldError('gift_aid')}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
