import { Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { useId } from 'react';

export interface HeadedFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The heading, which names the form. */
  title: ReactNode;
  /** A form of a screen (an h2) or a part of one (an h3). */
  level?: 2 | 3;
  /** The space between the heading and each part of the form. */
  gap?: 'xs' | 'sm' | 'md' | 'lg';
  /** What stands under the heading: the refusal, the fields, the buttons. */
  children: ReactNode;
}

/** A form named by its heading (the browser's own checks off): the heading, then what the caller puts under it. */
export function HeadedForm({ formRef, onSubmit, title, level = 2, gap = 'md', children }: HeadedFormProps) {
  const headingId = useId();
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Title order={level} size={level === 2 ? 'h3' : 'h4'} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </form>
  );
}
