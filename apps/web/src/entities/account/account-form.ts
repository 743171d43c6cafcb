import { REQUIRED_MESSAGE } from '@kindred/shared';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';

/**
 * One kind of account's details form (a charity's, an organisation's), defined once for its
 * registration and its profile: the fields, and how each reads and sends them.
 */
export interface AccountFormDefinition<A, Values extends { name: string }, CreateBody, UpdateBody> {
  fields: (form: UseFormReturnType<Values>) => ReactNode;
  /** The API's field names that stand for another field of the form. */
  fieldMap?: Record<string, string>;
  /** Registration: an empty form, checked against the API's schema of the body it sends. */
  create: { initialValues: () => Values; schema: z.ZodType; toBody: (values: Values) => CreateBody };
  /** The profile: the account's values, checked against the API's schema of the body it sends. */
  update: { values: (account: A) => Values; schema: z.ZodType; toBody: (values: Values) => UpdateBody };
}

/** An account kind's form definition, its types read from its parts. */
export const defineAccountForm = <A, Values extends { name: string }, CreateBody, UpdateBody>(
  definition: AccountFormDefinition<A, Values, CreateBody, UpdateBody>,
) => definition;

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
