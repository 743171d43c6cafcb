import { Box, Button, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { useMarkRead } from '../api/mark-read';
import { notificationQueries } from '../api/queries';
import { useFollowNotification } from '../lib/follow';
import { NOTHING_NEW, NotificationList } from './notification-list';

/** The bell's popover: the newest notifications, "Mark all as read" and the way to all of them. */
export function BellPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const newest = useQuery({ ...notificationQueries.newest(), staleTime: 0 });
  const markRead = useMarkRead();
  const follow = useFollowNotification();
  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" gap="xs" px="md" py="sm">
        <Title order={2} size="h5">
          Notifications
        </Title>
        {unread > 0 ? (
          <Button
            variant="subtle"
            size="compact-sm"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all as read
          </Button>
        ) : null}
      </Group>
      <ScrollArea.Autosize mah="min(60vh, 28rem)" type="auto" px="xs">
        <QueryState
          query={newest}
          loading="Loading your notifications…"
          failed="Your notifications could not be loaded."
          empty={
            <Box px="md" py="sm">
              <EmptyState variant="text">{NOTHING_NEW}</EmptyState>
            </Box>
          }
        >
          {(page) => (
            <NotificationList
              compact
              label="Newest notifications"
              items={page.items}
              onFollow={(notification) => {
                follow(notification);
                onClose();
              }}
            />
          )}
        </QueryState>
      </ScrollArea.Autosize>
      <Group justify="center" p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Button component={Link} to="/notifications" variant="subtle" onClick={onClose}>
          See all notifications
        </Button>
      </Group>
    </Stack>
  );
}
