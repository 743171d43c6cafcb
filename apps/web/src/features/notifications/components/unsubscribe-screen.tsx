import type { Unsubscribe } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Page } from '@/components/ui/page';
import { FailedState, failureMessage, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api-client';
import { notificationQueries } from '../api/queries';
import { useUnsubscribe } from '../api/unsubscribe';

/** What a link stops, in words: one kind's mail, or all the mail that may be stopped (a digest's link). */
const aboutWhat = (answer: Unsubscribe) =>
  answer.kind ? `mail about “${answer.label}”` : 'notification mail from Kindred';

function SettingsLink() {
  return (
    <Anchor component={Link} to="/profile/notifications">
      notification settings
    </Anchor>
  );
}

/**
 * `/unsubscribe/:token`, a mail's link (docs/product/notifications.md#unsubscribe): without signing
 * in, it says which mail the link stops and stops it with one button.
 */
export function UnsubscribeScreen() {
  const { token = '' } = useParams();
  const query = useQuery(notificationQueries.unsubscribe(token));
  const stop = useUnsubscribe(token);

  let content: ReactNode;
  // A failure is its own framed alert; what the link stops sits in a panel.
  const framed = Boolean(query.data);
  if (query.isPending) content = <LoadingState label="Reading the link…" />;
  else if (query.isError && isApiError(query.error) && query.error.status === 404)
    content = (
      <ErrorAlert title="This link is not valid">
        <Text size="sm">
          {failureMessage(query.error)} Check that the whole link was copied from the mail, or choose what you
          are told in your <SettingsLink /> after signing in.
        </Text>
      </ErrorAlert>
    );
  else if (query.isError || !query.data)
    content = <FailedState title="The link could not be read." error={query.error} onRetry={query.refetch} />;
  else {
    const answer = query.data;
    const what = aboutWhat(answer);
    content = answer.unsubscribed ? (
      <Text role="status">
        {stop.isSuccess ? `Done: you will no longer get ${what}.` : `You already get no ${what}.`} You can
        change this any time in your <SettingsLink />.
      </Text>
    ) : (
      <Stack gap="md" align="flex-start">
        <Text>
          {answer.kind
            ? 'Kindred will stop mailing you about this. You still see it under the bell when you sign in.'
            : 'Kindred will stop every notification mail you can stop, the daily digest among them.'}{' '}
          Receipts, credit notes, failed payments and security mail always go.
        </Text>
        {stop.isError ? (
          <ErrorAlert title="Not stopped" role="alert">
            {failureMessage(stop.error)}
          </ErrorAlert>
        ) : null}
        <Group>
          <Button loading={stop.isPending} onClick={() => stop.mutate()}>
            Stop these mails
          </Button>
        </Group>
      </Stack>
    );
  }

  const title = !query.data
    ? 'Unsubscribe from mail'
    : !query.data.unsubscribed
      ? `Stop ${aboutWhat(query.data)}?`
      : stop.isSuccess
        ? 'Mail stopped'
        : 'Mail already stopped';
  return (
    <Page title={title} size="sm">
      {framed ? (
        <Paper withBorder p="lg">
          {content}
        </Paper>
      ) : (
        content
      )}
    </Page>
  );
}
