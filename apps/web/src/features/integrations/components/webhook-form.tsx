import { WEBHOOK_EVENTS, type WebhookBody, webhookBodySchema, webhookEventsFor } from '@kindred/shared';
import { Text, TextInput } from '@mantine/core';
import { type AddedWebhook, useAddWebhook } from '../api/add-webhook';
import { kindNoun } from '../lib/account';
import { type AddFormProps, PartForm, useAddForm } from './adding';
import { ChoiceGroup, choicesOf } from './choice-group';

/**
 * "Add a webhook": the address and the events this kind of account may ask for
 * (docs/product/webhooks-and-api-tokens.md#endpoints); what the API refuses shows beside its field.
 */
export function WebhookForm(props: AddFormProps<AddedWebhook>) {
  const { form, parts } = useAddForm({
    props,
    mutation: useAddWebhook(),
    initialValues: { url: '', events: [] as string[] },
    schema: webhookBodySchema,
    toBody: (values) => ({ url: values.url.trim(), events: values.events }) as WebhookBody,
  });
  return (
    <PartForm {...parts} title="Add a webhook" refusalTitle="Not added" submitLabel="Add webhook">
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
        description={`What the ${kindNoun(props.account.kind)} hears of; choose at least one.`}
        codes={webhookEventsFor(props.account.kind)}
        meanings={WEBHOOK_EVENTS}
        {...choicesOf(form, 'events')}
      />
    </PartForm>
  );
}
