import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenBody,
  apiTokenBodySchema,
  apiTokenScopesFor,
} from '@kindred/shared';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { todayIso } from '@/lib/format';
import { type MadeApiToken, useMakeApiToken } from '../api/make-api-token';
import { kindNoun } from '../lib/account';
import { type AddFormProps, PartForm, useAddForm } from './adding';
import { ChoiceGroup, choicesOf } from './choice-group';

/** A new token lives this long unless its maker says otherwise. */
const DEFAULT_DAYS = 90;

/** The person's calendar day `days` from today, as 'YYYY-MM-DD'. */
function daysAhead(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return todayIso(day);
}

interface TokenValues {
  name: string;
  scopes: string[];
  expires_at: string | null;
}

/**
 * "New token": its name, the scopes this kind of account may give and the day it stops working
 * (at most a year away, 90 days by default; docs/product/webhooks-and-api-tokens.md#api-tokens).
 */
export function ApiTokenForm(props: AddFormProps<MadeApiToken>) {
  const [range] = useState(() => ({ min: daysAhead(1), max: daysAhead(API_TOKEN_MAX_DAYS - 1) }));
  const { form, parts } = useAddForm({
    props,
    mutation: useMakeApiToken(),
    initialValues: { name: '', scopes: [], expires_at: daysAhead(DEFAULT_DAYS) } as TokenValues,
    schema: apiTokenBodySchema,
    toBody: (values) => ({ ...values, name: values.name.trim() }) as ApiTokenBody,
  });
  return (
    <PartForm {...parts} title="New API token" refusalTitle="Not made" submitLabel="Make token">
      <TextInput
        label="Name"
        description="Say after the tool that uses it, like “Our CRM”."
        required
        autoComplete="off"
        maxLength={100}
        maw="28rem"
        {...form.getInputProps('name')}
      />
      <ChoiceGroup
        label="Scopes"
        description={`What the token may read or do for the ${kindNoun(props.account.kind)}; choose at least one.`}
        codes={apiTokenScopesFor(props.account.kind)}
        meanings={API_TOKEN_SCOPES}
        {...choicesOf(form, 'scopes')}
      />
      <DateField
        label="Stops working after"
        description="mm/dd/yy, at most a year away; it works to the end of that day (UTC)."
        required
        minDate={range.min}
        maxDate={range.max}
        maw="22rem"
        {...form.getInputProps('expires_at', { typed: true })}
        value={form.values.expires_at}
        onChange={(day) => form.setFieldValue('expires_at', day)}
      />
    </PartForm>
  );
}
