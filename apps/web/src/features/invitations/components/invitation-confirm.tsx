import { ADMIN_TYPES, type Invitation, labelOf } from '@kindred/shared';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { invitationQueries } from '@/entities/invitation';
import { reloadMemberships, useCurrentUser, useIsLoggedIn } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { loginPath } from '@/lib/navigation';

const KIND: Record<Invitation['target_type'], string> = {
  business: 'organisation',
  charity: 'charity',
  project: 'project',
  group: 'group',
};

/** Where an accepted invitation leads. */
function destination(invitation: Invitation): { to: string; label: string } {
  switch (invitation.target_type) {
    case 'business':
      return { to: '/organisation', label: 'Go to the organisation' };
    case 'charity':
      return { to: '/charity', label: 'Go to the charity' };
    case 'project':
      return { to: `/projects/${invitation.target_id}`, label: 'Go to the project' };
    case 'group':
      return { to: '/', label: 'Go to your home page' };
  }
}

/**
 * `/invitation/:code` (docs/product/organisations.md#invitations-and-requests-to-join): says what
 * the invitation is for; signed in as the invited email, opening it accepts it. A visitor signs in,
 * or registers with the invited address first, and comes back here.
 */
export function InvitationConfirmScreen() {
  const { code = '' } = useParams();
  const loggedIn = useIsLoggedIn();
  const me = useCurrentUser();
  const query = useQuery(invitationQueries.confirm(code, loggedIn ? (me?.id ?? null) : null));
  const accepted = query.data?.accepted ?? false;
  useEffect(() => {
    if (accepted) void reloadMemberships();
  }, [accepted]);

  if (query.isPending) return <LoadingState label="Opening the invitation…" />;
  if (query.isError) {
    const unknown = isApiError(query.error) && query.error.status === 404;
    return (
      <Page title="Invitation" size="sm">
        {unknown ? (
          <Alert color="red" variant="light" title="Invitation not found">
            This invitation link is not valid. Check that you copied the whole link from the email, or ask for
            a new invitation.
          </Alert>
        ) : (
          <FailedState
            title="The invitation could not be opened."
            error={query.error}
            onRetry={query.refetch}
          />
        )}
      </Page>
    );
  }

  const { invitation, signed_in_as_invited, has_account } = query.data;
  const kind = KIND[invitation.target_type];
  const role = invitation.admin_type ? labelOf(ADMIN_TYPES, invitation.admin_type) : null;
  const here = `/invitation/${encodeURIComponent(code)}`;

  return (
    <Page title={`Join ${invitation.target_name}`} size="sm">
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Text>
            {invitation.invited_by_name ?? 'Someone'} invited <strong>{invitation.email}</strong> to join the{' '}
            {kind} <strong>{invitation.target_name}</strong>
            {role ? ` as ${role}` : ''}.
          </Text>
          {invitation.status === 'accepted' ? (
            <Alert color="teal" variant="light" title={accepted ? 'Invitation accepted' : 'Already accepted'}>
              {accepted
                ? `You are now a member of ${invitation.target_name}.`
                : 'This invitation was used already.'}
            </Alert>
          ) : invitation.status === 'expired' ? (
            <Alert color="yellow" variant="light" title="Invitation expired">
              Invitations work for 14 days. Ask {invitation.invited_by_name ?? 'the person who invited you'}{' '}
              for a new one.
            </Alert>
          ) : invitation.status === 'declined' || invitation.status === 'cancelled' ? (
            <Alert color="yellow" variant="light" title="Invitation closed">
              This invitation was {invitation.status}.
            </Alert>
          ) : loggedIn && !signed_in_as_invited ? (
            <Alert color="yellow" variant="light" title="Signed in with another address">
              This invitation is for {invitation.email}. Sign out, then sign in with that address to accept
              it.
            </Alert>
          ) : (
            <Text size="sm">
              Valid until {showDate(invitation.expires_at)}.{' '}
              {has_account
                ? `Sign in as ${invitation.email} to accept it.`
                : `Create your account with ${invitation.email}, activate it from the email we send, then open this invitation again.`}
            </Text>
          )}
          <Group>
            {invitation.status === 'accepted' && signed_in_as_invited ? (
              <Button component={Link} to={destination(invitation).to}>
                {destination(invitation).label}
              </Button>
            ) : null}
            {!loggedIn && invitation.status === 'pending' ? (
              has_account ? (
                <Button component={Link} to={loginPath(here)}>
                  Sign in to accept
                </Button>
              ) : (
                <>
                  <Button component={Link} to={`/register?next=${encodeURIComponent(here)}`}>
                    Create an account
                  </Button>
                  <Button component={Link} to={loginPath(here)} variant="default">
                    I have an account
                  </Button>
                </>
              )
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}
