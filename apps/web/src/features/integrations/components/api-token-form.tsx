import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenBody,
  apiTokenBodySchema,
  apiTokenScopesFor,
} from '@kindred/shared';
import { TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { todayIso } from '@/lib/format';
import { type MadeApiToken, useMakeApiToken } from '../api/make-api-token';
import { type IntegrationsAccount, kindNoun } from '../lib/account';
import { ChoiceGroup } from './choice-group';
import { PartForm } from './part-form';

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

export interface ApiTokenFormProps {
  account: IntegrationsAccount;
  onMade: (token: MadeApiToken) => void;
  onCancel: () => void;
}

/**
 * "New token": its name, the scopes this kind of account may give and the day it stops working
 * (at most a year away, 90 days by default; docs/product/webhooks-and-api-tokens.md#api-tokens).
 */
export function ApiTokenForm({ account, onMade, onCancel }: ApiTokenFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const make = useMakeApiToken();
  const [range] = useState(() => ({ min: daysAhead(1), max: daysAhead(API_TOKEN_MAX_DAYS - 1) }));
  const form = useAccessibleForm<TokenValues>({
    initialValues: { name: '', scopes: [], expires_at: daysAhead(DEFAULT_DAYS) },
    validate: (values) =>
      schemaErrors(apiTokenBodySchema, { ...values, expires_at: values.expires_at ?? undefined }),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const body = { ...values, name: values.name.trim() } as ApiTokenBody;
    onMade(await make.mutateAsync({ account: { kind: account.kind, id: account.id }, body }));
  });
  return (
    <PartForm
      formRef={formRef}
      onSubmit={submit}
      title="New API token"
      refusalTitle="Not made"
      refusal={server.refusal}
      submitLabel="Make token"
      pending={make.isPending}
      onCancel={onCancel}
    >
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
        description={`What the token may read or do for the ${kindNoun(account.kind)}; choose at least one.`}
        choices={apiTokenScopesFor(account.kind).map((scope) => ({
          value: scope,
          label: API_TOKEN_SCOPES[scope].label,
        }))}
        value={form.values.scopes}
        onChange={(scopes) => form.setFieldValue('scopes', scopes)}
        error={form.errors.scopes}
      />
      <DateField
        label="Stops working after"
        description="mm/dd/yy, at most a year away; it works to the end of that day (UTC)."
        required
        minDate={range.min}
        maxDate={range.max}
        maw="16rem"
        {...form.getInputProps('expires_at', { typed: true })}
        value={form.values.expires_at}
        onChange={(day) => form.setFieldValue('expires_at', day)}
      />
    </PartForm>
  );
}
