import { type BusinessPendingDonation, formatMoney, GIVING_TYPE } from '@kindred/shared';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { DismissibleRefusal } from '@/components/ui/dismissible-refusal';
import { QueryState } from '@/components/ui/query-state';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { EmptyState } from '@/components/ui/states';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { WrappingBadge } from '@/components/ui/wrapping-badge';
import { donationRecipient, donationWhat } from '@/entities/donation';
import { organisationQueries } from '@/entities/organisation';
import { useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { useApproveDonations } from '../api/approve-donations';
import { useResolveStuckDonation } from '../api/resolve-stuck-donation';
import { useOrganisationContext } from './organisation-layout';

/**
 * A donation its sign-off admins can never approve (decision 033): said to everyone who sees it;
 * a Super Admin approves it in their place with a reason (never their own request) or releases it.
 */
function StuckNotice({ donation, label }: { donation: BusinessPendingDonation; label: string }) {
  const { business } = useOrganisationContext();
  const me = useCurrentUser();
  const resolve = useResolveStuckDonation();
  const [action, setAction] = useState<'approve' | 'release' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { signoff } = donation;
  const mine = signoff.requested_by?.id === me?.id;
  const what =
    donation.type === GIVING_TYPE.funds && donation.amount !== null
      ? `this ${formatMoney(donation.amount)} gift`
      : 'this gift';
  const close = () => {
    setAction(null);
    setRefusal(null);
  };
  const submit = async (reason: string) => {
    if (!action) return;
    try {
      await resolve.mutateAsync({ businessId: business.id, donationId: donation.id, action, reason });
      close();
      toast.success(
        action === 'approve' ? 'Approved' : 'Released',
        action === 'approve'
          ? `${label} is approved, with your reason in its history.`
          : `${label} is cancelled; the money is back with ${business.name}.`,
      );
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" title="Can never be approved">
        {`It needs ${signoff.needed} ${signoff.needed === 1 ? 'approval' : 'approvals'} from sign-off admins other than the person who asked, and not enough are left. ${
          signoff.can_resolve
            ? 'Approve it as Super Admin with a reason, or release the money back to the organisation.'
            : 'A Super Admin approves it with a reason or releases the money.'
        }`}
      </Alert>
      {signoff.can_resolve ? (
        <Group gap="sm">
          {mine ? (
            <Text size="sm">You asked for it: release it, or another Super Admin approves it.</Text>
          ) : (
            <Button size="sm" variant="default" onClick={() => setAction('approve')}>
              Approve as Super Admin
            </Button>
          )}
          <Button size="sm" variant="default" c="red.9" onClick={() => setAction('release')}>
            Release the money
          </Button>
        </Group>
      ) : null}
      {action ? (
        <ReasonDialog
          title={action === 'approve' ? `Approve ${what} as Super Admin?` : `Release ${what}?`}
          description={
            action === 'approve'
              ? `${label}: you approve it in place of the sign-off admins it cannot have. Your name and reason are kept in its history.`
              : `${label}: it is cancelled and the held money goes back to ${business.name}. Your reason is kept in its history.`
          }
          confirmLabel={action === 'approve' ? 'Approve' : 'Release'}
          refusalTitle={action === 'approve' ? 'Not approved' : 'Not released'}
          refusal={refusal}
          pending={resolve.isPending}
          onClose={close}
          onSubmit={submit}
        />
      ) : null}
    </Stack>
  );
}

/** "3 gifts totalling ₹12,500": how many are chosen and the money they hold. */
function selectionSummary(chosen: BusinessPendingDonation[]) {
  const noun = chosen.length === 1 ? 'gift' : 'gifts';
  const total = chosen.reduce((sum, d) => sum + (d.type === GIVING_TYPE.funds ? (d.amount ?? 0) : 0), 0);
  return total > 0 ? `${chosen.length} ${noun} totalling ${formatMoney(total)}` : `${chosen.length} ${noun}`;
}

/** Donations on behalf of the organisation waiting for sign-off: approve several at once, or reject with a reason. */
export function ApprovalInbox() {
  const { business, access } = useOrganisationContext();
  const me = useCurrentUser();
  const waiting = useQuery(organisationQueries.waitingDonations(business.id));
  const act = useApproveDonations();
  const [chosen, setChosen] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const items = waiting.data?.items ?? [];
  const approvable = items.filter((donation) => donation.signoff.can_approve).map((d) => d.id);
  const selected = chosen.filter((id) => items.some((d) => d.id === id));

  const run = async (action: 'approve' | 'reject', reason?: string) => {
    try {
      const { donations } = await act.mutateAsync({
        businessId: business.id,
        donation_ids: selected,
        action,
        ...(reason ? { reason } : {}),
      });
      setProblem(null);
      setChosen([]);
      setRejecting(false);
      if (action === 'reject')
        toast.success('Rejected', `${donations.length} donation(s) rejected; the money is back.`);
      else {
        const done = donations.filter((d) => d.status !== 20).length;
        toast.success(
          'Signed off',
          done === donations.length
            ? `${done} donation(s) approved and given.`
            : `${donations.length} approval(s) recorded; ${done} donation(s) have every approval they need.`,
        );
      }
    } catch (error) {
      setRejecting(false);
      setProblem(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };

  const summary = selectionSummary(items.filter((d) => selected.includes(d.id)));

  const approveSelected = async () => {
    const ok = await confirm({
      title: `Approve ${summary}?`,
      message:
        'Each approval is recorded with your name. A donation with every approval it needs leaves the organisation’s wallet for the charity.',
      confirmLabel: 'Approve',
    });
    if (ok) await run('approve');
  };

  return (
    <TitledSection variant="plain" id="approval-inbox-heading" title="Waiting for sign-off">
      <DismissibleRefusal title="Not changed" message={problem} onDismiss={() => setProblem(null)} />
      <QueryState
        query={waiting}
        loading="Loading donations…"
        failed="The donations could not be loaded."
        empty={<EmptyState>No donation is waiting for sign-off.</EmptyState>}
      >
        {() => (
          <>
            {access.isSignoffAdmin ? (
              <Group gap="sm">
                <Checkbox
                  label="Choose all I can approve"
                  checked={approvable.length > 0 && approvable.every((id) => selected.includes(id))}
                  disabled={approvable.length === 0}
                  onChange={(event) => setChosen(event.currentTarget.checked ? approvable : [])}
                />
                <Button
                  disabled={selected.length === 0}
                  loading={act.isPending && !rejecting}
                  onClick={approveSelected}
                >
                  {`Approve selected (${selected.length})`}
                </Button>
                <Button
                  variant="default"
                  // Red only when it can be used: a colour set here would outlast Mantine's disabled grey.
                  c={selected.length === 0 ? undefined : 'red.9'}
                  disabled={selected.length === 0}
                  onClick={() => setRejecting(true)}
                >
                  Reject selected
                </Button>
              </Group>
            ) : (
              <Text size="sm">Only the organisation’s sign-off admins approve or reject them.</Text>
            )}
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((donation) => {
                const { signoff } = donation;
                const label = `${donationWhat(donation)} to ${donationRecipient(donation)}`;
                return (
                  <Paper
                    key={donation.id}
                    withBorder
                    p="md"
                    component="li"
                    data-testid={`waiting-donation-${donation.id}`}
                  >
                    <Group align="flex-start" wrap="nowrap" gap="md">
                      {access.isSignoffAdmin ? (
                        <Checkbox
                          aria-label={`Choose ${label}`}
                          checked={selected.includes(donation.id)}
                          onChange={(event) => {
                            // Read the box now: React clears the event's currentTarget before the
                            // updater below runs.
                            const on = event.currentTarget.checked;
                            setChosen((ids) =>
                              on ? [...ids, donation.id] : ids.filter((id) => id !== donation.id),
                            );
                          }}
                        />
                      ) : null}
                      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600}>{label}</Text>
                        <Text size="sm">
                          Asked by {signoff.requested_by?.name ?? 'a former member'} on{' '}
                          {showDate(donation.created_at)}
                          {donation.type === 2 && donation.amount !== null
                            ? ` · ${formatMoney(donation.amount)} held`
                            : ''}
                        </Text>
                        <Group gap="xs">
                          <WrappingBadge color="grape.9" variant="filled">
                            {`${signoff.approvals.length} of ${signoff.needed} approvals`}
                          </WrappingBadge>
                          {signoff.approvals.map((approval) => (
                            <Text key={approval.user.id} size="sm" c="dimmed">
                              {`Approved by ${approval.user.name}`}
                            </Text>
                          ))}
                        </Group>
                        {signoff.stuck ? <StuckNotice donation={donation} label={label} /> : null}
                        {access.isSignoffAdmin && !signoff.can_approve && !signoff.stuck ? (
                          <Text size="sm" c="dimmed">
                            {signoff.requested_by?.id === me?.id
                              ? 'You asked for this one: another sign-off admin approves it.'
                              : 'You approved it: it waits for another sign-off admin.'}
                          </Text>
                        ) : null}
                      </Stack>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </>
        )}
      </QueryState>
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${summary}?`}
          description="The held money goes back to the organisation’s wallet. The person who asked sees why."
          confirmLabel="Reject"
          pending={act.isPending}
          onClose={() => setRejecting(false)}
          onSubmit={(reason) => run('reject', reason)}
        />
      ) : null}
    </TitledSection>
  );
}
