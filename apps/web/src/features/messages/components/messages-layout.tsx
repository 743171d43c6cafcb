import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { Link, Outlet, useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { SectionLink, SectionNav } from '@/components/ui/section-link';
import { useMailboxes } from '@/entities/message';
import { useMailbox } from '../lib/mailbox';

/** `/messages`: the mailbox of the account the person acts as, its folders as sub-routes. */
export function MessagesLayout() {
  const { box, options, search } = useMailbox();
  const navigate = useNavigate();
  const mailboxes = useMailboxes();
  const unread =
    mailboxes.data?.items.find((m) => m.owner_type === box.ownerType && m.owner_id === box.ownerId)
      ?.unread_messages ?? 0;
  const elsewhere = (mailboxes.data?.items ?? []).filter(
    (m) => m.unread_messages > 0 && !(m.owner_type === box.ownerType && m.owner_id === box.ownerId),
  );

  return (
    <Page
      title="Messages"
      size="lg"
      description={
        <Group gap="sm" justify="space-between" align="flex-end" wrap="wrap">
          <Text>
            {box.kind === 'Personal'
              ? 'Your messages'
              : `Messages of ${box.name} (${box.kind.toLowerCase()})`}
          </Text>
          {options.length > 1 ? (
            <NativeSelect
              label="Mailbox"
              w={{ base: '100%', xs: 260 }}
              data={options.map((option) => ({
                value: option.key,
                label: option.kind === 'Personal' ? `${option.name} (personal)` : `${option.name} (project)`,
              }))}
              value={box.key}
              onChange={(event) => {
                const key = event.currentTarget.value;
                navigate(key === options[0]?.key ? '/messages' : `/messages?box=${key}`);
              }}
            />
          ) : null}
        </Group>
      }
    >
      {elsewhere.length > 0 ? (
        <Text size="sm" role="status">
          Also unread: {elsewhere.map((m) => `${m.name} (${m.unread_messages})`).join(', ')}. Switch the
          account or mailbox to read them.
        </Text>
      ) : null}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SectionNav label="Folders">
          <SectionLink to={`/messages${search}`} end>
            {unread > 0 ? `Inbox (${unread} unread)` : 'Inbox'}
          </SectionLink>
          <SectionLink to={`/messages/sent${search}`}>Sent</SectionLink>
          <SectionLink to={`/messages/drafts${search}`}>Drafts</SectionLink>
          <SectionLink to={`/messages/archive${search}`}>Archive</SectionLink>
        </SectionNav>
        <Button component={Link} to={`/messages/new${search}`}>
          Write a message
        </Button>
      </Group>
      <Outlet />
    </Page>
  );
}
