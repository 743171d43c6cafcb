import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { FormRefusal } from './form-refusal';
import { HeadedForm } from './headed-form';
import { SubmitRow } from './submit-row';

export interface TitledFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The heading, which names the form. */
  title: string;
  /**
   * 'section': a section of a screen (h2); 'post': one that writes a post (h2, its fields closer);
   * 'part': a part of a section (h3).
   */
  variant?: 'section' | 'post' | 'part';
  /** The refusal's title, e.g. 'Not sent'. */
  refusalTitle?: string;
  /** What the server said when it refused the form (nothing shows without it). */
  refusal: string | null;
  submitLabel: string;
  pending: boolean;
  /** The button ends something for good (it is red). */
  danger?: boolean;
  /** Where the button stands: after the fields (start) or at the form's end. */
  submitAlign?: 'flex-start' | 'flex-end';
  /** The fields. */
  children: ReactNode;
}

const LOOK = {
  section: { level: 2, gap: 'md' },
  post: { level: 2, gap: 'sm' },
  part: { level: 3, gap: 'sm' },
} as const;

/**
 * A form under its heading (which names it): why the server refused it, its fields and the one
 * button that sends it.
 */
export function TitledForm({
  formRef,
  onSubmit,
  title,
  variant = 'section',
  refusalTitle,
  refusal,
  submitLabel,
  pending,
  danger = false,
  submitAlign = 'flex-start',
  children,
}: TitledFormProps) {
  const look = LOOK[variant];
  return (
    <HeadedForm formRef={formRef} onSubmit={onSubmit} title={title} level={look.level} gap={look.gap}>
      <FormRefusal title={refusalTitle} message={refusal} />
      {children}
      <SubmitRow justify={submitAlign} danger={danger} pending={pending}>
        {submitLabel}
      </SubmitRow>
    </HeadedForm>
  );
}
