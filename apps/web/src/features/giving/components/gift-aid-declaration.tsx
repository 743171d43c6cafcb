import { type GiftAidDeclarationBody, giftAidDeclarationBodySchema } from '@kindred/shared';
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
  /** The person's name, to start the form with. */
  firstName?: string;
  lastName?: string;
  /** Called once the declaration is saved. */
  onDeclared: () => void;
}

/**
 * The Gift Aid declaration, made inside the give flow (HMRC's wording; kept by the server as an
 * audit record). It is a group of fields of the flow, not a form of its own: its button saves it.
 */
export function GiftAidDeclarationFields({
  firstName = '',
  lastName = '',
  onDeclared,
}: GiftAidDeclarationFieldsProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMakeGiftAidDeclaration();
  const form = useAccessibleForm<GiftAidDeclarationValues>({
    initialValues: giftAidDeclarationValues({ first_name: firstName, last_name: lastName }),
  });

  const focusInvalid = () => {
    setTimeout(() => {
      ref.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
    }, 0);
  };

  const save = async () => {
    setFailure(null);
    const body = giftAidDeclarationBody(form.values);
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
    <Fieldset ref={ref} legend="Gift Aid declaration" variant="filled" data-testid="gift-aid-declaration">
      <Stack gap="sm">
        <Text size="sm">
          To add Gift Aid, the charity needs your declaration once. We keep it for your future gifts until you
          cancel it.
        </Text>
        <GiftAidDeclarationInputs form={form} layout="narrow" />
        {failure ? (
          <ErrorAlert role="alert" title="The declaration was not saved">
            {failure}
          </ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button type="button" variant="light" loading={mutation.isPending} onClick={save}>
            Make the declaration
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
