import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { AdminsOnlyPage, ViewOnlyAlert } from '@/components/ui/admin-only';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { ReasonDialog, useReasonSubmit } from '@/components/ui/reason-dialog';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { usePlatformAdmin } from '@/entities/session';
import type { ApprovalStatus, ReviewListQueries } from './account-decision';

/** What the review shows of an account with members (a charity or an organisation). */
export interface ReviewedAccount {
  id: number;
  name: string;
  lock_status: boolean;
  approval_status: ApprovalStatus;
  rejection_reason: string | null;
}

interface Mutation<Input> {
  mutateAsync: (input: Input) => Promise<unknown>;
  isPending: boolean;
}

/** A platform admin's decision on a pending account; a rejection says why. */
export interface AccountDecision {
  id: number;
  status: 'approved' | 'rejected';
  reason?: string;
}

export interface AccountLock {
  id: number;
  lock_status: boolean;
  reason?: string;
}

/** The words of one kind of account's review: what really differs between the charity and the organisation review. */
export interface ReviewWords {
  /** 'charity', 'organisation'. */
  noun: string;
  /** 'Charity', 'Organisation'. */
  Noun: string;
  /** 'charities', 'organisations'. */
  plural: string;
  intro: string;
  /** The verb of the approval: 'Accept', 'Approve'. */
  approve: string;
  approveMessage: string;
  approvedToast: (name: string) => string;
  rejectDescription: string;
  /** Said on the reason when it is left empty (the dialog's own words otherwise). */
  rejectEmpty?: string;
  rejectedToast: (name: string) => string;
  lockDescription: string;
  lockEmpty: string;
  lockedToast: (name: string) => string;
  unlockMessage: string;
  /** Said to a platform Employee, who only looks. */
  viewOnly: string;
  /** The empty pending tab. */
  nonePending: string;
}

export interface AccountReviewProps<A extends ReviewedAccount> {
  words: ReviewWords;
  list: ReviewListQueries<A>['list'];
  useDecide: () => Mutation<AccountDecision>;
  useLock: () => Mutation<AccountLock>;
  /** The public page of an approved account, when it has one. */
  publicPath?: (account: A) => string;
  /** The account's own lines under its name: numbers, places, contacts. */
  details: (account: A) => ReactNode;
}

/**
 * Rejecting and locking say why: the reason is emailed (and, for a lock, kept in the audit log).
 * `action` is which of the two this dialog asks for.
 */
function ReasonStepDialog<A extends ReviewedAccount>({
  action,
  account,
  props,
  onClose,
}: {
  action: 'reject' | 'lock';
  account: A;
  props: AccountReviewProps<A>;
  onClose: () => void;
}) {
  const { words } = props;
  const decide = props.useDecide();
  const lock = props.useLock();
  const rejecting = action === 'reject';
  const { submit, fieldError, refusal } = useReasonSubmit(async (reason) => {
    if (rejecting) {
      await decide.mutateAsync({ id: account.id, status: 'rejected', reason });
      toast.success(`${words.Noun} rejected`, words.rejectedToast(account.name));
    } else {
      await lock.mutateAsync({ id: account.id, lock_status: true, reason });
      toast.success(`${words.Noun} locked`, words.lockedToast(account.name));
    }
  }, onClose);
  const verb = rejecting ? 'Reject' : 'Lock';
  return (
    <ReasonDialog
      title={`${verb} ${account.name}?`}
      description={rejecting ? words.rejectDescription : words.lockDescription}
      confirmLabel={`${verb} ${words.noun}`}
      refusalTitle={rejecting ? undefined : 'Not locked'}
      emptyMessage={rejecting ? words.rejectEmpty : words.lockEmpty}
      pending={rejecting ? decide.isPending : lock.isPending}
      refusal={refusal}
      fieldError={fieldError}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

function AccountCard<A extends ReviewedAccount>({
  account,
  canDecide,
  props,
}: {
  account: A;
  canDecide: boolean;
  props: AccountReviewProps<A>;
}) {
  const { words } = props;
  const decide = props.useDecide();
  const lock = props.useLock();
  const [rejecting, setRejecting] = useState(false);
  const [locking, setLocking] = useState(false);
  const { refusal, attemptConfirmed } = useActionRefusal();

  const onApprove = async () => {
    const question = {
      title: `${words.approve} ${account.name}?`,
      message: words.approveMessage,
      confirmLabel: `${words.approve} ${words.noun}`,
    };
    if (
      await attemptConfirmed(question, 'Not approved', () =>
        decide.mutateAsync({ id: account.id, status: 'approved' }),
      )
    )
      toast.success(`${words.Noun} approved`, words.approvedToast(account.name));
  };

  /** Locking asks why (ReasonStepDialog); unlocking only confirms. */
  const onLock = async () => {
    if (!account.lock_status) {
      setLocking(true);
      return;
    }
    const question = {
      title: `Unlock ${account.name}?`,
      message: words.unlockMessage,
      confirmLabel: `Unlock ${words.noun}`,
    };
    if (
      await attemptConfirmed(question, 'Not unlocked', () =>
        lock.mutateAsync({ id: account.id, lock_status: false }),
      )
    )
      toast.success(`${words.Noun} unlocked`, account.name);
  };

  const publicPath = account.approval_status === 'approved' ? props.publicPath?.(account) : undefined;
  return (
    <Card withBorder component="article" aria-label={account.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {publicPath ? (
              <Anchor component={Link} to={publicPath}>
                {account.name}
              </Anchor>
            ) : (
              account.name
            )}
          </Title>
          {account.lock_status ? (
            <Badge color="red.9" variant="filled">
              Locked
            </Badge>
          ) : null}
        </Group>
        {props.details(account)}
        {account.rejection_reason ? (
          <Text size="sm">Reason for rejection: {account.rejection_reason}</Text>
        ) : null}
        <ActionRefusal refusal={refusal} />
        {canDecide ? (
          <Group gap="sm" mt="xs">
            {account.approval_status === 'pending' ? (
              <>
                <Button
                  size="sm"
                  onClick={onApprove}
                  loading={decide.isPending}
                  aria-label={`${words.approve} ${account.name}`}
                >
                  {words.approve}
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  c="red.9"
                  onClick={() => setRejecting(true)}
                  aria-label={`Reject ${account.name}`}
                >
                  Reject
                </Button>
              </>
            ) : null}
            <Button
              size="sm"
              variant="default"
              onClick={onLock}
              loading={lock.isPending}
              aria-label={`${account.lock_status ? 'Unlock' : 'Lock'} ${account.name}`}
            >
              {account.lock_status ? 'Unlock' : 'Lock'}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {rejecting ? (
        <ReasonStepDialog
          action="reject"
          account={account}
          props={props}
          onClose={() => setRejecting(false)}
        />
      ) : null}
      {locking ? (
        <ReasonStepDialog action="lock" account={account} props={props} onClose={() => setLocking(false)} />
      ) : null}
    </Card>
  );
}

const STATUSES: ApprovalStatus[] = ['pending', 'approved', 'rejected'];
const TAB_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

function AccountList<A extends ReviewedAccount>({
  status,
  canDecide,
  props,
}: {
  status: ApprovalStatus;
  canDecide: boolean;
  props: AccountReviewProps<A>;
}) {
  const { words } = props;
  const query = useInfiniteQuery(props.list(status));
  if (query.isPending) return <LoadingState label={`Loading ${status} ${words.plural}…`} />;
  if (query.isError) {
    return (
      <FailedState
        title={`The ${words.plural} could not be loaded.`}
        error={query.error}
        onRetry={query.refetch}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState>{status === 'pending' ? words.nonePending : `No ${status} ${words.plural}.`}</EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      {items.map((account) => (
        <AccountCard key={account.id} account={account} canDecide={canDecide} props={props} />
      ))}
      <ShowMore query={query}>Show more</ShowMore>
    </Stack>
  );
}

/**
 * A platform admin's review of the accounts with members of one kind, by approval status: approve or
 * reject a pending one (saying why), lock one (saying why) or unlock it. Platform Employees only look.
 */
export function AccountReviewScreen<A extends ReviewedAccount>(props: AccountReviewProps<A>) {
  const { words } = props;
  const abilities = usePlatformAdmin();
  const [params, setParams] = useSearchParams();
  const title = `${words.Noun} approvals`;
  if (!abilities.view) {
    return <AdminsOnlyPage title={title} />;
  }
  const status = STATUSES.find((value) => value === params.get('status')) ?? 'pending';
  return (
    <Page title={title} description={<Text>{words.intro}</Text>}>
      {!abilities.act ? <ViewOnlyAlert>{words.viewOnly}</ViewOnlyAlert> : null}
      <Tabs
        value={status}
        onChange={(value) => setParams({ status: value ?? 'pending' }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Approval status">
          {STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUSES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <AccountList status={value} canDecide={abilities.act} props={props} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
