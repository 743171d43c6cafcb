import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { useMarkRead } from '../api/mark-read';
import { notificationQueries } from '../api/queries';
import { useFollowNotification } from '../lib/follow';
import { NOTHING_NEW, NotificationList } from './notification-list';

/** `/notifications`: everything the person was told, newest first, older ones on demand. */
export function NotificationsScreen() {
  const list = useInfiniteQuery(notificationQueries.list());
  const unread = useQuery(notificationQueries.unreadCount()).data?.count ?? 0;
  const markRead = useMarkRead();
  const follow = useFollowNotification();
  return (
    <Page
      title="Notifications"
      description={
        <Text>
          What happened to your gifts and the accounts you act for.{' '}
          <Anchor component={Link} to="/profile/notifications">
            Choose what you are told
          </Anchor>
        </Text>
      }
    >
      <Group justify="space-between" gap="sm">
        <Text role="status">{unread > 0 ? `${unread} unread` : 'All read'}</Text>
        <Button
          variant="default"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </Group>
      <QueryState
        query={list}
        loading="Loading your notifications…"
        failed="Your notifications could not be loaded."
        empty={<EmptyState>{NOTHING_NEW}</EmptyState>}
      >
        {(data) => (
          <Stack gap="md">
            <Paper withBorder p={4}>
              <NotificationList
                label="Your notifications"
                items={data.pages.flatMap((page) => page.items)}
                onFollow={follow}
              />
            </Paper>
            <ShowMore query={list} align="center">
              Load more
            </ShowMore>
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
