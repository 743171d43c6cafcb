import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, type Message, type MessageOwnerType } from '@kindred/shared';
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { QueryFallback } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { messageQueries } from '@/entities/message';
import { focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useCreateMessage } from '../api/create-message';
import { useUpdateMessage } from '../api/update-message';
import { type MailboxOption, useMailbox } from '../lib/mailbox';
import { type ChosenRecipient, RecipientPicker } from './recipient-picker';

interface ComposeValues {
  recipient: ChosenRecipient | null;
  subject: string;
  body: string;
}

function validate(values: ComposeValues, sending: boolean) {
  const errors: Record<string, string> = {};
  if (!values.recipient) errors.recipient = 'Choose who to write to.';
  if (values.subject.trim() === '') errors.subject = 'Enter a subject.';
  else if (values.subject.length > MESSAGE_SUBJECT_MAX)
    errors.subject = `At most ${MESSAGE_SUBJECT_MAX} characters.`;
  if (sending && values.body.trim() === '') errors.body = 'Write a message.';
  else if (values.body.length > MESSAGE_BODY_MAX) errors.body = `At most ${MESSAGE_BODY_MAX} characters.`;
  return errors;
}

function ComposeForm({ box, draft, search }: { box: MailboxOption; draft?: Message; search: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const navigate = useNavigate();
  const create = useCreateMessage();
  const update = useUpdateMessage();
  const [sending, setSending] = useState(true);
  const form = useAccessibleForm<ComposeValues>({
    initialValues: {
      recipient: draft
        ? { type: draft.recipient.type, id: draft.recipient.id, name: draft.recipient.name }
        : null,
      subject: draft?.subject ?? '',
      body: draft?.body ?? '',
    },
  });
  const server = useServerErrors(form, {
    formRef,
    fieldMap: { recipient_id: 'recipient', recipient_type: 'recipient' },
  });

  const save = async (send: boolean) => {
    setSending(send);
    server.clear();
    const values = form.getValues();
    const errors = validate(values, send);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0 || !values.recipient) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    const status = send ? 2 : 1;
    try {
      if (draft) {
        await update.mutateAsync({
          box,
          id: draft.id,
          body: {
            recipient_type: values.recipient.type as MessageOwnerType,
            recipient_id: values.recipient.id,
            subject: values.subject,
            body: values.body,
            status,
          },
        });
      } else {
        await create.mutateAsync({
          owner_type: box.ownerType as MessageOwnerType,
          owner_id: box.ownerId,
          recipient_type: values.recipient.type as MessageOwnerType,
          recipient_id: values.recipient.id,
          subject: values.subject,
          body: values.body,
          status,
        });
      }
      toast.success(send ? 'Message sent' : 'Draft saved', `To ${values.recipient.name}`);
      navigate(send ? `/messages/sent${search}` : `/messages/drafts${search}`);
    } catch (error) {
      server.report(error);
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <Paper withBorder p="lg">
      <form
        ref={formRef}
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void save(true);
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id={headingId}>
            {draft ? 'Edit draft' : 'New message'}
          </Title>
          <FormRefusal message={server.refusal} title={sending ? 'Not sent' : 'Not saved'} />
          <RecipientPicker
            value={form.values.recipient}
            onChange={(recipient) => form.setFieldValue('recipient', recipient)}
            error={form.errors.recipient}
          />
          <TextInput
            label="Subject"
            required
            maxLength={MESSAGE_SUBJECT_MAX}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            description="Plain text."
            required
            autosize
            minRows={6}
            maxRows={20}
            maxLength={MESSAGE_BODY_MAX}
            {...form.getInputProps('body')}
          />
          <Group gap="sm">
            <Button type="submit" loading={busy && sending}>
              Send
            </Button>
            <Button variant="default" onClick={() => void save(false)} loading={busy && !sending}>
              Save draft
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** `/messages/new` (and `?draft=id`): write to a person or an account, send it or keep a draft. */
export function ComposeScreen() {
  const { box, search } = useMailbox();
  const [params] = useSearchParams();
  const draftId = Number(params.get('draft'));
  const editing = Number.isInteger(draftId) && draftId > 0;
  const draft = useQuery({ ...messageQueries.message(box, draftId), enabled: editing });
  if (!editing) return <ComposeForm key={box.key} box={box} search={search} />;
  if (!draft.isSuccess)
    return (
      <QueryFallback query={draft} loading="Loading the draft…" failed="The draft could not be loaded" />
    );
  if (draft.data.status !== 1)
    return <EmptyState>This message was sent and can no longer be changed.</EmptyState>;
  return <ComposeForm key={`${box.key}:${draftId}`} box={box} draft={draft.data} search={search} />;
}
