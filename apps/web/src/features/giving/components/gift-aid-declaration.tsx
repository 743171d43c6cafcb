import {
  GIFT_AID_DECLARATION_TEXT,
  type GiftAidDeclarationBody,
  giftAidDeclarationBodySchema,
} from '@kindred/shared';
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, schemaErrors, useAccessibleForm } from '@/lib/form';
import { useMakeGiftAidDeclaration } from '../api/make-gift-aid-declaration';

interface DeclarationValues {
  title: string;
  first_name: string;
  last_name: string;
  house: string;
  address: string;
  post_code: string;
  confirm: boolean;
}

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
  const form = useAccessibleForm<DeclarationValues>({
    initialValues: {
      title: '',
      first_name: firstName,
      last_name: lastName,
      house: '',
      address: '',
      post_code: '',
      confirm: false,
    },
  });

  const focusInvalid = () => {
    setTimeout(() => {
      ref.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
    }, 0);
  };

  const save = async () => {
    setFailure(null);
    const body = {
      ...(form.values.title.trim() ? { title: form.values.title.trim() } : {}),
      first_name: form.values.first_name.trim(),
      last_name: form.values.last_name.trim(),
      house: form.values.house.trim(),
      address: form.values.address.trim(),
      post_code: form.values.post_code.trim(),
      confirm: form.values.confirm,
    };
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
      if (applyServerErrors(error, form.setFieldError)) {
        focusInvalid();
        return;
      }
      setFailure(isApiError(error) ? error.message : 'The declaration was not saved. Try again.');
    }
  };

  return (
    <Fieldset ref={ref} legend="Gift Aid declaration" variant="filled" data-testid="gift-aid-declaration">
      <Stack gap="sm">
        <Text size="sm">
          To add Gift Aid, the charity needs your declaration once. We keep it for your future gifts until you
          cancel it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Title" autoComplete="honorific-prefix" {...form.getInputProps('title')} />
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="House name or number" required {...form.getInputProps('house')} />
          <TextInput
            label="Post code"
            required
            autoComplete="postal-code"
            {...form.getInputProps('post_code')}
          />
        </SimpleGrid>
        <TextInput
          label="Address"
          required
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <Checkbox
          label={GIFT_AID_DECLARATION_TEXT}
          {...form.getInputProps('confirm', { type: 'checkbox' })}
        />
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
