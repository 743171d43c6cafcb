import { Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ShowMore } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { fundraiserQueries } from '@/entities/fundraiser';
import { showDateTime } from '@/lib/format';

/** The update's form (and the form library) loads when its fundraiser opens it. */
const PostUpdateDialog = lazy(async () => ({
  default: (await import('./post-update-dialog')).PostUpdateDialog,
}));

/** "Post an update": its button, and the dialog once opened. */
function PostUpdate({ pageId }: { pageId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Post an update
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <PostUpdateDialog pageId={pageId} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The fundraiser's updates on the page, newest first, with "Show older updates"; its fundraiser posts them. */
export function FundraiserUpdates({
  pageId,
  fundraiser,
  canPost,
}: {
  pageId: number;
  /** The fundraiser's name, for the heading. */
  fundraiser: string;
  canPost: boolean;
}) {
  const updates = useInfiniteQuery(fundraiserQueries.updates(pageId));
  const items = updates.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <TitledSection
      id="fundraiser-updates"
      title={`Updates from ${fundraiser}`}
      action={canPost ? <PostUpdate pageId={pageId} /> : undefined}
    >
      <QueryState
        query={updates}
        loading="Loading updates…"
        layout="inline"
        failed="The updates could not be loaded."
        empty={
          <EmptyState variant="text">
            {canPost ? 'No updates yet. Tell your supporters how it is going.' : 'No updates yet.'}
          </EmptyState>
        }
      >
        {() => (
          <Stack gap="md">
            {items.map((update) => (
              <article key={update.id} aria-label={`Update of ${showDateTime(update.created_at)}`}>
                <Text size="sm" c="dimmed">
                  <time dateTime={update.created_at}>{showDateTime(update.created_at)}</time>
                </Text>
                <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {update.body}
                </Text>
              </article>
            ))}
            <ShowMore query={updates} align="center" variant="outline">
              Show older updates
            </ShowMore>
          </Stack>
        )}
      </QueryState>
    </TitledSection>
  );
}
