import { ADMIN_TYPES, labelOf } from '@kindred/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { invitationQueries } from '@/entities/invitation';
import { useCurrentUser, useSessionState } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { useAskToJoin } from '../api/ask-to-join';
import { useRespondInvitation } from '../api/respond-invitation';
import { type OrganisationSuggestion, useOrganisationSearch } from '../api/search-organisations';
import { useWithdrawJoin } from '../api/withdraw-join';

/** Search approved organisations by name as one types, and ask one to let you in. */
function AskToJoin() {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useOrganisationSearch(debounced);
  const ask = useAskToJoin();
  const { businessMembership } = useSessionState();
  const [problem, setProblem] = useState<string | null>(null);
  const mine = new Set(businessMembership.map((m) => m.business_id));

  const onAsk = async (organisation: OrganisationSuggestion) => {
    setProblem(null);
    try {
      await ask.mutateAsync({
        target_type: 'business',
        target_id: organisation.id,
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      toast.success('Request sent', `${organisation.name} will answer your request to join.`);
      setMessage('');
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The request could not be sent.');
    }
  };

  const items = search.data?.items ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="ask-to-join-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="ask-to-join-heading">
          Find your organisation
        </Title>
        <TextInput
          label="Organisation name"
          description="Type at least two letters."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
          autoComplete="off"
        />
        <Textarea
          label="Message to its admins (optional)"
          description="For example your team or office."
          maxLength={500}
          autosize
          minRows={2}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {problem ? (
          <Alert color="red" variant="light" title="Not sent" role="alert">
            {problem}
          </Alert>
        ) : null}
        {debounced.trim().length < 2 ? null : search.isPending ? (
          <LoadingState label="Searching…" />
        ) : items.length === 0 ? (
          <EmptyState>No organisation matches “{debounced.trim()}”.</EmptyState>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Organisations found"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {items.map((organisation) => (
              <Group key={organisation.id} component="li" justify="space-between" wrap="nowrap">
                <Text fw={600}>{organisation.name}</Text>
                {mine.has(organisation.id) ? (
                  <Text size="sm" c="dimmed">
                    You are a member
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    onClick={() => onAsk(organisation)}
                    loading={ask.isPending && ask.variables?.target_id === organisation.id}
                    aria-label={`Ask to join ${organisation.name}`}
                  >
                    Ask to join
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

interface OwnRequestRow {
  key: string;
  name: string;
  kind: string;
  requestedAt: string;
  /** The request to withdraw (organisations and charities); null for a group's. */
  withdrawId: number | null;
}

/**
 * My requests waiting for an answer (organisations, charities and groups; withdraw the first two)
 * and the invitations waiting for me (accept or decline).
 */
export function MyRequests() {
  const me = useCurrentUser();
  const mine = useQuery({ ...invitationQueries.mine(me?.id ?? 0), enabled: Boolean(me) });
  const withdraw = useWithdrawJoin();
  const respond = useRespondInvitation();

  const onWithdraw = async (id: number, name: string) => {
    const ok = await confirm({
      title: `Withdraw your request to join ${name}?`,
      message: 'Its admins will no longer see it. You can ask again later.',
      confirmLabel: 'Withdraw request',
      danger: true,
    });
    if (!ok) return;
    await withdraw.mutateAsync(id);
    toast.success('Request withdrawn', name);
  };

  const onRespond = async (id: number, name: string, action: 'accept' | 'decline') => {
    if (action === 'decline') {
      const ok = await confirm({
        title: `Decline the invitation to ${name}?`,
        message: 'The invitation stops working. You can be invited again.',
        confirmLabel: 'Decline invitation',
        danger: true,
      });
      if (!ok) return;
    }
    await respond.mutateAsync({ invitation_id: id, action });
    toast.success(action === 'accept' ? 'Invitation accepted' : 'Invitation declined', name);
  };

  // Requests to organisations and charities can be withdrawn; a group's request waits for its admins.
  const requests: OwnRequestRow[] = mine.data
    ? [
        ...mine.data.join_requests.map((row) => ({
          key: `join-${row.id}`,
          name: row.target_name,
          kind: row.target_type === 'business' ? 'Organisation' : 'Charity',
          requestedAt: row.requested_at,
          withdrawId: row.id,
        })),
        ...mine.data.group_requests.map((row) => ({
          key: `group-${row.id}`,
          name: row.group_name,
          kind: 'Group',
          requestedAt: row.requested_at,
          withdrawId: null,
        })),
      ].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
    : [];

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="my-requests-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-requests-heading">
          Waiting for an answer
        </Title>
        <QueryState query={mine} loading="Loading your requests…" failed="Your requests could not be loaded.">
          {(data) => (
            <>
              <Title order={3} size="h4">
                Invitations for you
              </Title>
              {data.invitations.length === 0 ? (
                <EmptyState>No invitations are waiting for you.</EmptyState>
              ) : (
                <ResponsiveTable
                  aria-label="Invitations for you"
                  rows={data.invitations}
                  rowKey={(row) => row.id}
                  columns={[
                    { header: 'To join', cell: (row) => row.target_name, rowHeader: true },
                    {
                      header: 'Role',
                      cell: (row) =>
                        row.admin_type ? (labelOf(ADMIN_TYPES, row.admin_type) ?? '') : 'Member',
                    },
                    { header: 'Invited by', cell: (row) => row.invited_by_name ?? '' },
                    { header: 'Expires', cell: (row) => showDate(row.expires_at) },
                    {
                      header: 'Actions',
                      hiddenHeader: true,
                      cell: (row) => (
                        <Group gap="xs">
                          <Button size="xs" onClick={() => onRespond(row.id, row.target_name, 'accept')}>
                            Accept
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => onRespond(row.id, row.target_name, 'decline')}
                            aria-label={`Decline the invitation to ${row.target_name}`}
                          >
                            Decline
                          </Button>
                        </Group>
                      ),
                    },
                  ]}
                />
              )}
              <Title order={3} size="h4">
                Your requests to join
              </Title>
              {requests.length === 0 ? (
                <EmptyState>You have no requests waiting.</EmptyState>
              ) : (
                <ResponsiveTable
                  aria-label="Your requests to join"
                  rows={requests}
                  rowKey={(row) => row.key}
                  columns={[
                    { header: 'To join', cell: (row) => row.name, rowHeader: true },
                    { header: 'Kind', cell: (row) => row.kind },
                    { header: 'Asked on', cell: (row) => showDate(row.requestedAt) },
                    {
                      header: 'Actions',
                      hiddenHeader: true,
                      cell: (row) => {
                        const id = row.withdrawId;
                        if (id === null) return <Text size="sm">The group’s admins answer it.</Text>;
                        return (
                          <Button
                            size="xs"
                            variant="default"
                            c="red.9"
                            onClick={() => onWithdraw(id, row.name)}
                            aria-label={`Withdraw your request to join ${row.name}`}
                          >
                            Withdraw
                          </Button>
                        );
                      },
                    },
                  ]}
                />
              )}
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

/** `/join`: join an organisation (search, ask), with my pending requests and invitations. */
export function JoinOrganisationScreen() {
  return (
    <Page
      title="Join an organisation"
      description={<Text>Ask your employer to add you, and answer invitations you received.</Text>}
    >
      <AskToJoin />
      <MyRequests />
    </Page>
  );
}
