import { REQUIRED_MESSAGE } from '@kindred/shared';
import { useRef } from 'react';
import type { z } from 'zod';
import { schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';

/**
 * The form of an account's details (registration and profile): checked against the API's schema
 * on blur, the name required, and the server's refusals kept beside their fields.
 */
export function useAccountForm<Values extends { name: string }, Body>(options: {
  initialValues: Values;
  schema: z.ZodType;
  toBody: (values: Values) => Body;
  fieldMap?: Record<string, string>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm<Values>({
    initialValues: options.initialValues,
    validate: (values) => {
      const errors = schemaErrors(options.schema, options.toBody(values));
      if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
      return errors;
    },
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { fieldMap: options.fieldMap, formRef });
  return { form, server, formRef };
}
