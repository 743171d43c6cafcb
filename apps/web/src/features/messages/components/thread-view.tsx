import { MESSAGE_BODY_MAX, type Message } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { QueryFallback, QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledForm } from '@/components/ui/titled-form';
import { toast } from '@/components/ui/toast';
import { messageQueries } from '@/entities/message';
import { isApiError } from '@/lib/api-client';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDateTime } from '@/lib/format';
import { useArchiveMessage } from '../api/archive-message';
import { useMarkRead } from '../api/mark-read';
import { useReplyMessage } from '../api/reply-message';
import { useMailbox } from '../lib/mailbox';

function ThreadMessage({ message }: { message: Message }) {
  const mine = message.direction === 'out';
  return (
    <Paper withBorder p="md" component="li" bg={mine ? 'gray.0' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>
            {message.sender.name}
            <Text span c="dimmed" fw={400}>
              {' '}
              to {message.recipient.name}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {showDateTime(message.sent_at ?? message.updated_at)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
      </Stack>
    </Paper>
  );
}

function ReplyForm({ message }: { message: Message }) {
  const { box } = useMailbox();
  const formRef = useRef<HTMLFormElement>(null);
  const reply = useReplyMessage();
  const form = useAccessibleForm({
    initialValues: { body: '' },
    validate: {
      body: (value: string) =>
        value.trim() === ''
          ? 'Write a reply.'
          : value.length > MESSAGE_BODY_MAX
            ? `At most ${MESSAGE_BODY_MAX} characters.`
            : null,
    },
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await reply.mutateAsync({
      owner_type: box.ownerType as 1,
      owner_id: box.ownerId,
      message_id: message.id,
      body: values.body,
    });
    form.reset();
    toast.success(
      'Reply sent',
      `To ${message.direction === 'in' ? message.sender.name : message.recipient.name}`,
    );
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Reply"
      variant="part"
      refusalTitle="Not sent"
      refusal={server.refusal}
      submitLabel="Send reply"
      pending={reply.isPending}
    >
      <Textarea
        label="Your reply"
        required
        autosize
        minRows={3}
        maxRows={12}
        maxLength={MESSAGE_BODY_MAX}
        {...form.getInputProps('body')}
      />
    </TitledForm>
  );
}

/** `/messages/:id`: a message and its replies, oldest first; reading it marks it read. */
export function ThreadView() {
  const { id } = useParams();
  const messageId = Number(id);
  const { box, search } = useMailbox();
  const navigate = useNavigate();
  const valid = Number.isInteger(messageId) && messageId > 0;
  const message = useQuery({ ...messageQueries.message(box, messageId), enabled: valid });
  const thread = useQuery({
    ...messageQueries.thread(box, messageId),
    enabled: valid && message.data?.status !== 1,
  });
  const markRead = useMarkRead();
  const archive = useArchiveMessage();

  const unreadIds = (thread.data?.items ?? [])
    .filter((m) => m.direction === 'in' && !m.is_read)
    .map((m) => m.id);
  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadKey === '') return;
    mutate({
      owner_type: box.ownerType as 1,
      owner_id: box.ownerId,
      message_ids: unreadKey.split(',').map(Number),
    });
  }, [unreadKey, box.ownerType, box.ownerId, mutate]);

  const back = (
    <Anchor component={Link} to={`/messages${search}`}>
      Back to the inbox
    </Anchor>
  );
  if (!valid || (message.isError && isApiError(message.error) && message.error.status === 404))
    return <EmptyState action={back}>This message is not in this mailbox.</EmptyState>;
  if (!message.isSuccess)
    return (
      <QueryFallback
        query={message}
        loading="Loading the message…"
        failed="The message could not be loaded"
      />
    );
  const current = message.data;
  if (current.status === 1)
    return (
      <EmptyState
        action={
          <Button component={Link} to={`/messages/new${search}${search ? '&' : '?'}draft=${current.id}`}>
            Edit the draft
          </Button>
        }
      >
        “{current.subject}” is a draft.
      </EmptyState>
    );

  const onArchive = async () => {
    const ok = await confirm({
      title: 'Archive this message?',
      message: `“${current.subject}” moves to Archive. The other side keeps their copy.`,
      confirmLabel: 'Archive',
    });
    if (!ok) return;
    try {
      await archive.mutateAsync({ box, id: current.id });
      toast.success('Message archived', current.subject);
      navigate(`/messages${search}`);
    } catch {
      // The error toast said why.
    }
  };

  return (
    <Stack gap="md" component="article" aria-labelledby="thread-heading">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Title order={2} size="h3" id="thread-heading" style={{ overflowWrap: 'anywhere' }}>
          {current.subject}
        </Title>
        {current.status !== 9 ? (
          <Button variant="default" onClick={onArchive} loading={archive.isPending}>
            Archive
          </Button>
        ) : (
          <Text size="sm">Archived</Text>
        )}
      </Group>
      <QueryState
        query={thread}
        loading="Loading the conversation…"
        failed="The conversation could not be loaded"
      >
        {(data) => (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Conversation">
            {data.items.map((item) => (
              <ThreadMessage key={item.id} message={item} />
            ))}
          </Stack>
        )}
      </QueryState>
      <ReplyForm message={current} />
      {back}
    </Stack>
  );
}
