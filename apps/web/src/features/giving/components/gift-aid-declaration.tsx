import {
  type GiftAidDeclaration,
  type GiftAidDeclarationBody,
  giftAidDeclarationBodySchema,
} from '@kindred/shared';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  GiftAidDeclarationInputs,
  type GiftAidDeclarationValues,
  giftAidDeclarationBody,
  giftAidDeclarationValues,
  useMakeGiftAidDeclaration,
} from '@/entities/donation';
import { applyServerErrors, schemaErrors, useAccessibleForm } from '@/lib/form';

export interface GiftAidDeclarationFieldsProps {
  /** The charity that receives the gift: the declaration names it (HMRC). */
  charity: { id: number; name: string };
  /** The donor's latest declaration (of another charity, or an earlier one naming none): its details fill the form. */
  previous: GiftAidDeclaration | null;
  /** The person's name, to start the form with when there is no earlier declaration. */
  firstName?: string;
  lastName?: string;
  /** Called once the declaration is saved. */
  onDeclared: () => void;
}

/** An earlier declaration that names no charity and still stands: confirmed for this charity in one step. */
const isEarlier = (previous: GiftAidDeclaration | null) =>
  previous !== null && previous.charity === null && previous.cancelled_at === null;

function introduction(charity: string, previous: GiftAidDeclaration | null): string {
  if (isEarlier(previous))
    return `Your Gift Aid declaration names no charity, and HMRC needs it to name the charity that claims. Confirm it for ${charity}: your details are filled in from it.`;
  if (previous)
    return `To add Gift Aid, ${charity} needs your declaration naming it. Your details are filled in from your latest declaration: check them and tick the declaration.`;
  return `To add Gift Aid, ${charity} needs your declaration once. We keep it for your future gifts to ${charity} until you cancel it.`;
}

/**
 * The Gift Aid declaration for the gift's charity, made inside the give flow at the donor's first
 * Gift Aid gift to it (HMRC's wording naming the charity; kept by the server as an audit record).
 * It is a group of fields of the flow, not a form of its own: its button saves it.
 */
export function GiftAidDeclarationFields({
  charity,
  previous,
  firstName = '',
  lastName = '',
  onDeclared,
}: GiftAidDeclarationFieldsProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMakeGiftAidDeclaration();
  const form = useAccessibleForm<GiftAidDeclarationValues>({
    initialValues: giftAidDeclarationValues(previous ?? { first_name: firstName, last_name: lastName }),
  });

  const focusInvalid = () => {
    setTimeout(() => {
      ref.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
    }, 0);
  };

  const save = async () => {
    setFailure(null);
    const body = giftAidDeclarationBody(form.values, charity.id);
    const errors = schemaErrors(giftAidDeclarationBodySchema, body);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusInvalid();
      return;
    }
    try {
      await mutation.mutateAsync(body as GiftAidDeclarationBody);
      onDeclared();
    } catch (error) {
      const { fields, refusal } = applyServerErrors(error, form);
      setFailure(refusal);
      if (Object.keys(fields).length > 0) focusInvalid();
    }
  };

  return (
    <Fieldset
      ref={ref}
      legend={`Gift Aid declaration for ${charity.name}`}
      variant="filled"
      data-testid="gift-aid-declaration"
    >
      <Stack gap="sm">
        <Text size="sm">{introduction(charity.name, previous)}</Text>
        <GiftAidDeclarationInputs form={form} charityName={charity.name} layout="narrow" />
        {failure ? (
          <ErrorAlert role="alert" title="The declaration was not saved">
            {failure}
          </ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button type="button" variant="light" loading={mutation.isPending} onClick={save}>
            {isEarlier(previous) ? 'Confirm the declaration' : 'Make the declaration'}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
