import { DONATION_MESSAGE_MAX_LENGTH } from '@kindred/shared';
import { Checkbox } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CountedTextarea } from '@/components/ui/counted-textarea';

export interface GiftMessageFieldsProps {
  /** Whom the message is for: the gift's charity ('River Trust'). */
  to: string;
  /** The message's wiring: form.getInputProps('message'). */
  messageProps: GetInputPropsReturnType;
  /** The box's wiring: form.getInputProps('anonymous', { type: 'checkbox' }). */
  anonymousProps: GetInputPropsReturnType;
}

/** How a gift is shown: an optional message to the charity, and whether the giver's name is public. */
export function GiftMessageFields({ to, messageProps, anonymousProps }: GiftMessageFieldsProps) {
  return (
    <>
      <CountedTextarea
        label={`Message to ${to}`}
        description="Optional."
        autosize
        minRows={2}
        maxLength={DONATION_MESSAGE_MAX_LENGTH}
        {...messageProps}
      />
      <Checkbox
        label="Give anonymously"
        description="Your name is not shown to the public; the charity still sees who gave."
        {...anonymousProps}
      />
    </>
  );
}
