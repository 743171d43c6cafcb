import { WEBHOOK_EVENTS, type WebhookBody, webhookBodySchema, webhookEventsFor } from '@kindred/shared';
import { Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { type AddedWebhook, useAddWebhook } from '../api/add-webhook';
import { type IntegrationsAccount, kindNoun } from '../lib/account';
import { ChoiceGroup } from './choice-group';
import { PartForm } from './part-form';

export interface WebhookFormProps {
  account: IntegrationsAccount;
  onAdded: (webhook: AddedWebhook) => void;
  onCancel: () => void;
}

/**
 * "Add a webhook": the address and the events this kind of account may ask for
 * (docs/product/webhooks-and-api-tokens.md#endpoints); what the API refuses shows beside its field.
 */
export function WebhookForm({ account, onAdded, onCancel }: WebhookFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const add = useAddWebhook();
  const form = useAccessibleForm<{ url: string; events: string[] }>({
    initialValues: { url: '', events: [] },
    validate: (values) => schemaErrors(webhookBodySchema, values),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const body = { url: values.url.trim(), events: values.events } as WebhookBody;
    onAdded(await add.mutateAsync({ account: { kind: account.kind, id: account.id }, body }));
  });
  return (
    <PartForm
      formRef={formRef}
      onSubmit={submit}
      title="Add a webhook"
      refusalTitle="Not added"
      refusal={server.refusal}
      submitLabel="Add webhook"
      pending={add.isPending}
      onCancel={onCancel}
    >
      <Text size="sm">
        Kindred sends each event you choose to this address as a signed <code>POST</code> of JSON, one at a
        time and in order, and tries again later when it does not answer.
      </Text>
      <TextInput
        label="Address"
        description="An https:// address of your own server, like https://example.org/kindred"
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={500}
        maw="36rem"
        {...form.getInputProps('url')}
      />
      <ChoiceGroup
        label="Events"
        description={`What the ${kindNoun(account.kind)} hears of; choose at least one.`}
        choices={webhookEventsFor(account.kind).map((type) => ({
          value: type,
          label: WEBHOOK_EVENTS[type].label,
        }))}
        value={form.values.events}
        onChange={(events) => form.setFieldValue('events', events)}
        error={form.errors.events}
      />
    </PartForm>
  );
}
