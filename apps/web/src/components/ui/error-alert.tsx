import { Alert, type AlertProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A red alert whose title and text keep the body text colour (WCAG AA on the red tint; the theme
 * already does this for titles).
 */
export function ErrorAlert({ ref, ...props }: AlertProps & { ref?: Ref<HTMLDivElement> }) {
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      {...props}
    />
  );
}
