import { Text, Textarea, type TextareaProps } from '@mantine/core';

export type CountedTextareaProps = TextareaProps & {
  /** The most characters the field takes (the shared schema's limit). */
  maxLength: number;
};

/**
 * A textarea with a long limit (a description, a message): typing stops at the limit and a
 * counter under the field says how much of it is used (decision 036), so the limit is known
 * before the server or the form's check has to say it.
 */
export function CountedTextarea({ maxLength, ...props }: CountedTextareaProps) {
  const used = typeof props.value === 'string' ? props.value.length : 0;
  return (
    <Textarea
      maxLength={maxLength}
      inputContainer={(children) => (
        <>
          {children}
          <Text size="xs" c="dimmed" ta="right" mt={2} data-testid="character-count">
            {`${used.toLocaleString('en-GB')} of ${maxLength.toLocaleString('en-GB')} characters`}
          </Text>
        </>
      )}
      {...props}
    />
  );
}
