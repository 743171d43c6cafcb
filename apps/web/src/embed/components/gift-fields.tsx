/** @jsxImportSource preact */
import {
  AMOUNT_PRESETS,
  currencySymbol,
  formatMoney,
  giftAidDeclarationText,
  SANDBOX_CARDS_NOTE,
  toAmountText,
} from '@kindred/shared';
import type { ComponentChildren } from 'preact';
import { amountOf, type FieldErrors, type FieldPath, type GiftValues, giftAidFor } from '../gift-form';
import { CheckField, TextField } from './field';

export interface GiftFieldsProps {
  values: GiftValues;
  errors: FieldErrors;
  currency: string;
  /** The charity that receives the gift: the Gift Aid declaration names it. */
  charity: { id: number; name: string } | null;
  /** The card's part: the sandbox's fields (SandboxCardFields) or Stripe's field. */
  card: ComponentChildren;
  onChange: (change: (values: GiftValues) => GiftValues) => void;
}

/** Sets one field of the values (a top-level one, or one of the card or the declaration). */
export function withField(values: GiftValues, path: FieldPath, value: string): GiftValues {
  const [group, key] = path.split('.') as [string, string | undefined];
  if (group === 'card' && key) return { ...values, card: { ...values.card, [key]: value } };
  if (group === 'declaration' && key)
    return { ...values, declaration: { ...values.declaration, [key]: value } };
  return { ...values, [group]: value };
}

/** The sandbox's card form: number, expiry and security code, with the test cards named. */
export function SandboxCardFields({
  values,
  errors,
  onChange,
}: Pick<GiftFieldsProps, 'values' | 'errors' | 'onChange'>) {
  const field = (path: FieldPath) => ({
    path,
    value: path.startsWith('card.') ? values.card[path.slice(5) as keyof GiftValues['card']] : '',
    error: errors[path],
    onValue: (value: string) => onChange((current) => withField(current, path, value)),
  });
  return (
    <fieldset class="group">
      <legend>Card</legend>
      <p class="description">{SANDBOX_CARDS_NOTE}</p>
      <TextField
        {...field('card.number')}
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <div class="row3">
        <TextField
          {...field('card.exp_month')}
          label="Expiry month"
          description="MM"
          required
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
        />
        <TextField
          {...field('card.exp_year')}
          label="Expiry year"
          description="YYYY"
          required
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
        />
        <TextField
          {...field('card.cvc')}
          label="Security code"
          description="3 or 4 digits"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
    </fieldset>
  );
}

/**
 * The gift: the amount (presets or typed), who gives and where the receipt goes, the card, Gift
 * Aid with its declaration made inline, and whether the name is shown.
 */
export function GiftFields({ values, errors, currency, charity, card, onChange }: GiftFieldsProps) {
  const field = (path: Exclude<FieldPath, `card.${string}` | `declaration.${string}`>) => ({
    path,
    value: values[path],
    error: errors[path],
    onValue: (value: string) => onChange((current) => withField(current, path, value)),
  });
  const declarationField = (path: `declaration.${'title' | 'house' | 'post_code'}`) => ({
    path,
    value: values.declaration[path.slice(12) as 'title' | 'house' | 'post_code'],
    error: errors[path],
    onValue: (value: string) => onChange((current) => withField(current, path, value)),
  });
  const typed = amountOf(values);
  const giftAid = giftAidFor(values);
  return (
    <>
      <fieldset class="group">
        <legend>Choose an amount</legend>
        <div class="presets">
          {AMOUNT_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              class="preset"
              aria-pressed={typed === preset}
              onClick={() => onChange((current) => ({ ...current, amount: toAmountText(preset) }))}
            >
              {formatMoney(preset, currency)}
            </button>
          ))}
        </div>
      </fieldset>
      <TextField
        {...field('amount')}
        label="Amount"
        description={`Or type your own, in ${currency}, for example 75 or 99.50.`}
        required
        inputMode="decimal"
        autoComplete="off"
        prefix={currencySymbol(currency)}
      />
      <fieldset class="group">
        <legend>About you</legend>
        <TextField
          {...field('email')}
          label="Email"
          description="Your receipt is sent here."
          required
          type="email"
          autoComplete="email"
        />
        <div class="row2">
          <TextField {...field('first_name')} label="First name" required autoComplete="given-name" />
          <TextField {...field('last_name')} label="Last name" required autoComplete="family-name" />
        </div>
      </fieldset>
      {card}
      {charity ? (
        <>
          <CheckField
            id="gift-gift-aid"
            label={
              giftAid > 0
                ? `Add Gift Aid: ${formatMoney(giftAid, currency)} more for the charity (25%), at no cost to you`
                : 'Add Gift Aid: 25% more for the charity, at no cost to you'
            }
            description="For UK taxpayers. The charity claims it from HMRC."
            checked={values.gift_aid}
            onChecked={(checked) => onChange((current) => ({ ...current, gift_aid: checked }))}
          />
          {values.gift_aid ? (
            <fieldset class="group declaration" data-testid="gift-aid-declaration">
              <legend>{`Gift Aid declaration for ${charity.name}`}</legend>
              <p>With Gift Aid you make this declaration with your gift, in the name given above:</p>
              <blockquote>{giftAidDeclarationText(charity.name)}</blockquote>
              <p>HMRC needs your home address with it.</p>
              <TextField
                {...declarationField('declaration.title')}
                label="Title"
                description="Optional, for example Ms."
                autoComplete="honorific-prefix"
                maxLength={20}
              />
              <div class="row2">
                <TextField
                  {...declarationField('declaration.house')}
                  label="House name or number"
                  required
                  autoComplete="address-line1"
                  maxLength={100}
                />
                <TextField
                  {...declarationField('declaration.post_code')}
                  label="Post code"
                  description="A UK post code, for example SW1A 1AA."
                  required
                  autoComplete="postal-code"
                  maxLength={10}
                />
              </div>
            </fieldset>
          ) : null}
        </>
      ) : null}
      <CheckField
        id="gift-anonymous"
        label="Give anonymously"
        description="Your name is not shown to the public; the charity still sees who gave."
        checked={values.anonymous}
        onChecked={(checked) => onChange((current) => ({ ...current, anonymous: checked }))}
      />
    </>
  );
}
