import { type GiftAidDeclaration, giftAidDeclarationText } from '@kindred/shared';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NameInputs } from '@/components/ui/name-inputs';

/** The Gift Aid declaration as a form holds it (the body is built by `giftAidDeclarationBody`). */
export interface GiftAidDeclarationValues {
  title: string;
  first_name: string;
  last_name: string;
  house: string;
  address: string;
  post_code: string;
  confirm: boolean;
}

/** A form's starting values: the earlier declaration's, or a name (the box is never ticked). */
export function giftAidDeclarationValues(
  from: Partial<Pick<GiftAidDeclaration, 'first_name' | 'last_name' | 'house' | 'address' | 'post_code'>> & {
    title?: string | null;
  } = {},
): GiftAidDeclarationValues {
  return {
    title: from.title ?? '',
    first_name: from.first_name ?? '',
    last_name: from.last_name ?? '',
    house: from.house ?? '',
    address: from.address ?? '',
    post_code: from.post_code ?? '',
    confirm: false,
  };
}

/**
 * The body of POST /user/gift_aid_declaration for one charity: trimmed, no empty title, the post code
 * in capitals.
 */
export function giftAidDeclarationBody(values: GiftAidDeclarationValues, charityId: number) {
  const title = values.title.trim();
  return {
    charity_id: charityId,
    ...(title ? { title } : {}),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    house: values.house.trim(),
    address: values.address.trim(),
    post_code: values.post_code.trim().toUpperCase(),
    confirm: values.confirm,
  };
}

export interface GiftAidDeclarationInputsProps {
  form: UseFormReturnType<GiftAidDeclarationValues>;
  /** The charity the declaration names (HMRC's wording, ticked by the donor). */
  charityName: string;
  /**
   * `narrow` (inside the give flow): the address on a line of its own, no hints. `wide` (a page):
   * house, address and post code on one line, with examples under the title and the post code.
   */
  layout?: 'narrow' | 'wide';
}

/** The declaration's fields (name, home address, the HMRC wording naming the charity to tick), each with its error. */
export function GiftAidDeclarationInputs({
  form,
  charityName,
  layout = 'wide',
}: GiftAidDeclarationInputsProps) {
  const wide = layout === 'wide';
  const spacing = wide ? 'sm' : undefined;
  const address = (
    <TextInput label="Address" required autoComplete="street-address" {...form.getInputProps('address')} />
  );
  const postCode = (
    <TextInput
      label="Post code"
      required
      autoComplete="postal-code"
      description={wide ? 'A UK post code, e.g. SW1A 1AA' : undefined}
      {...form.getInputProps('post_code')}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={spacing}>
        <TextInput
          label="Title"
          description={wide ? 'Optional, e.g. Ms' : undefined}
          autoComplete="honorific-prefix"
          {...form.getInputProps('title')}
        />
        <NameInputs form={form} />
      </SimpleGrid>
      {wide ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={spacing}>
          <TextInput label="House name or number" required {...form.getInputProps('house')} />
          {address}
          {postCode}
        </SimpleGrid>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="House name or number" required {...form.getInputProps('house')} />
            {postCode}
          </SimpleGrid>
          {address}
        </>
      )}
      <Checkbox
        label={giftAidDeclarationText(charityName)}
        {...form.getInputProps('confirm', { type: 'checkbox' })}
      />
    </>
  );
}
