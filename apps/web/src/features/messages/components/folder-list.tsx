import type { Message } from '@kindred/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { type PagePosition, Pager } from '@/components/ui/pager';
import { QueryFallback } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { type Folder, messageQueries } from '@/entities/message';
import { showDateTime } from '@/lib/format';
import { useArchiveMessage } from '../api/archive-message';
import { useMailbox } from '../lib/mailbox';

const EMPTY: Record<Folder, string> = {
  inbox: 'No messages yet. When someone writes to you, it shows here.',
  sent: 'You have not sent any messages yet.',
  draft: 'No drafts. A message you save without sending waits here.',
  archive: 'Nothing archived. Archive a message to tidy your inbox; it stays here.',
};

const LABEL: Record<Folder, string> = { inbox: 'Inbox', sent: 'Sent', draft: 'Drafts', archive: 'Archive' };

/** The first line of a body, for the list. */
const preview = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
};

function MessageCard({ message, folder, search }: { message: Message; folder: Folder; search: string }) {
  const { box } = useMailbox();
  const archive = useArchiveMessage();
  const unread = message.direction === 'in' && !message.is_read;
  const other = message.direction === 'in' ? message.sender : message.recipient;
  const href =
    message.status === 1
      ? `/messages/new${search}${search ? '&' : '?'}draft=${message.id}`
      : `/messages/${message.id}${search}`;
  const onArchive = async () => {
    const ok = await confirm({
      title: 'Archive this message?',
      message: `“${message.subject}” moves to Archive. ${other.name} keeps their copy.`,
      confirmLabel: 'Archive',
    });
    if (!ok) return;
    try {
      await archive.mutateAsync({ box, id: message.id });
      toast.success('Message archived', message.subject);
    } catch {
      // The error toast said why.
    }
  };
  return (
    <Paper withBorder p="md" component="li" bg={unread ? 'blue.0' : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={unread ? 700 : 500}>
            {message.direction === 'in' ? 'From' : 'To'} {other.name}
          </Text>
          <Text size="sm" c="dimmed">
            {showDateTime(message.sent_at ?? message.updated_at)}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={href} fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Anchor>
          {unread ? (
            <Badge color="blue.9" size="sm">
              Unread
            </Badge>
          ) : null}
          {message.status === 1 ? (
            <Badge color="gray.8" size="sm" variant="outline">
              Draft
            </Badge>
          ) : null}
        </Group>
        {message.body ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {preview(message.body)}
          </Text>
        ) : null}
        {folder !== 'archive' ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onArchive}
              loading={archive.isPending}
              aria-label={`Archive “${message.subject}”`}
            >
              Archive
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** One folder of the mailbox: newest first, a page at a time. */
export function FolderList({ folder }: { folder: Folder }) {
  const { box, search } = useMailbox();
  const [position, setPosition] = useState<PagePosition>({});
  const page = useQuery(messageQueries.folder(box, folder, position));
  if (!page.isSuccess)
    return (
      <QueryFallback
        query={page}
        loading={`Loading ${LABEL[folder].toLowerCase()}…`}
        failed="The messages could not be loaded"
      />
    );
  const items = page.data.items;
  return (
    <Stack gap="sm" component="section" aria-label={LABEL[folder]}>
      {items.length === 0 ? (
        <EmptyState
          action={
            folder === 'inbox' || folder === 'sent' || folder === 'draft' ? (
              <Button component={Link} to={`/messages/new${search}`} variant="light">
                Write a message
              </Button>
            ) : undefined
          }
        >
          {EMPTY[folder]}
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((message) => (
            <MessageCard key={message.id} message={message} folder={folder} search={search} />
          ))}
        </Stack>
      )}
      <Pager page={page.data} busy={page.isFetching} onChange={setPosition} />
    </Stack>
  );
}

/** A folder that starts again at its first page when the mailbox changes. */
function FolderOfMailbox({ folder }: { folder: Folder }) {
  const { box } = useMailbox();
  return <FolderList key={box.key} folder={folder} />;
}

export const InboxSection = () => <FolderOfMailbox folder="inbox" />;
export const SentSection = () => <FolderOfMailbox folder="sent" />;
export const DraftsSection = () => <FolderOfMailbox folder="draft" />;
export const ArchiveSection = () => <FolderOfMailbox folder="archive" />;
