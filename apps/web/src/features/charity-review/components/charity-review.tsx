import { ADMIN_TYPE, CHARITY_TYPES, type Charity, labelOf } from '@kindred/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionRefusal, useActionRefusal } from '@/components/ui/action-refusal';
import { confirm } from '@/components/ui/confirm';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { ReasonDialog, useReasonSubmit } from '@/components/ui/reason-dialog';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { publicCharityPath } from '@/entities/charity';
import { useCurrentUser } from '@/entities/session';
import { showDate } from '@/lib/format';
import { useDecideCharity } from '../api/decide-charity';
import { type ApprovalStatus, reviewQueries } from '../api/get-review-charities';
import { useLockCharity } from '../api/lock-charity';

const TABS: Array<{ value: ApprovalStatus; label: string; empty: string }> = [
  { value: 'pending', label: 'Pending', empty: 'No charity is waiting for approval.' },
  { value: 'approved', label: 'Approved', empty: 'No approved charities.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected charities.' },
];

function RejectDialog({ charity, onClose }: { charity: Charity; onClose: () => void }) {
  const decide = useDecideCharity();
  const { submit, fieldError, refusal } = useReasonSubmit(async (reason) => {
    await decide.mutateAsync({ charity_id: charity.id, status: 'rejected', reason });
    toast.success('Charity rejected', `${charity.name} was rejected; the applicant is emailed the reason.`);
  }, onClose);

  return (
    <ReasonDialog
      title={`Reject ${charity.name}?`}
      description="The applicant is emailed this reason."
      confirmLabel="Reject charity"
      emptyMessage="Say why the charity is rejected."
      pending={decide.isPending}
      refusal={refusal}
      fieldError={fieldError}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

/** Locking a charity says why: the reason is kept in the audit log and emailed to its admins. */
function LockDialog({ charity, onClose }: { charity: Charity; onClose: () => void }) {
  const lock = useLockCharity();
  const { submit, fieldError, refusal } = useReasonSubmit(async (reason) => {
    await lock.mutateAsync({ id: charity.id, lock_status: true, reason });
    toast.success('Charity locked', `${charity.name} is locked; its admins are emailed why.`);
  }, onClose);

  return (
    <ReasonDialog
      title={`Lock ${charity.name}?`}
      description="A locked charity cannot publish or move money, and its projects leave explore. The reason is kept in the audit log and emailed to the charity’s admins."
      confirmLabel="Lock charity"
      refusalTitle="Not locked"
      emptyMessage="Say why the charity is locked."
      pending={lock.isPending}
      refusal={refusal}
      fieldError={fieldError}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

function CharityCard({ charity, canDecide }: { charity: Charity; canDecide: boolean }) {
  const decide = useDecideCharity();
  const lock = useLockCharity();
  const [rejecting, setRejecting] = useState(false);
  const [locking, setLocking] = useState(false);
  const { refusal, attempt } = useActionRefusal();
  const types = charity.charity_types.map((id) => labelOf(CHARITY_TYPES, id)).filter(Boolean);

  const onAccept = async () => {
    const ok = await confirm({
      title: `Accept ${charity.name}?`,
      message: 'It appears on Kindred and can publish projects. The applicant is emailed.',
      confirmLabel: 'Accept charity',
    });
    if (!ok) return;
    if (
      await attempt('Not approved', () => decide.mutateAsync({ charity_id: charity.id, status: 'approved' }))
    )
      toast.success('Charity approved', `${charity.name} is approved; the applicant is emailed.`);
  };

  /** Locking asks why (LockDialog); unlocking only confirms. */
  const onLock = async () => {
    if (!charity.lock_status) {
      setLocking(true);
      return;
    }
    const ok = await confirm({
      title: `Unlock ${charity.name}?`,
      message: 'The charity can publish and move money again; its admins are emailed.',
      confirmLabel: 'Unlock charity',
    });
    if (!ok) return;
    const done = await attempt('Not unlocked', () =>
      lock.mutateAsync({ id: charity.id, lock_status: false }),
    );
    if (done) toast.success('Charity unlocked', charity.name);
  };

  return (
    <Card withBorder component="article" aria-label={charity.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {charity.approval_status === 'approved' ? (
              <Anchor component={Link} to={publicCharityPath(charity.id)}>
                {charity.name}
              </Anchor>
            ) : (
              charity.name
            )}
          </Title>
          <Group gap={4}>
            {charity.lock_status ? (
              <Badge color="red.9" variant="filled">
                Locked
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">
          {charity.registration_number
            ? `Charity number ${charity.registration_number}`
            : 'No charity number given'}
          {charity.city ? ` · ${charity.city}` : ''}
          {` · applied ${showDate(charity.created_at)}`}
        </Text>
        {types.length > 0 ? <Text size="sm">Types: {types.join(', ')}</Text> : null}
        {charity.description ? <Text size="sm">{charity.description}</Text> : null}
        <ActionRefusal refusal={refusal} />
        <Group gap="md">
          {charity.email ? <Text size="sm">Email: {charity.email}</Text> : null}
          {charity.phone ? <Text size="sm">Phone: {charity.phone}</Text> : null}
          {charity.website ? (
            <Anchor size="sm" href={charity.website} target="_blank" rel="noopener noreferrer">
              {charity.website}
            </Anchor>
          ) : null}
        </Group>
        {charity.rejection_reason ? (
          <Text size="sm">Reason for rejection: {charity.rejection_reason}</Text>
        ) : null}
        {canDecide ? (
          <Group gap="sm" mt="xs">
            {charity.approval_status === 'pending' ? (
              <>
                <Button
                  size="sm"
                  onClick={onAccept}
                  loading={decide.isPending}
                  aria-label={`Accept ${charity.name}`}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  c="red.9"
                  onClick={() => setRejecting(true)}
                  aria-label={`Reject ${charity.name}`}
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
              aria-label={`${charity.lock_status ? 'Unlock' : 'Lock'} ${charity.name}`}
            >
              {charity.lock_status ? 'Unlock' : 'Lock'}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {rejecting ? <RejectDialog charity={charity} onClose={() => setRejecting(false)} /> : null}
      {locking ? <LockDialog charity={charity} onClose={() => setLocking(false)} /> : null}
    </Card>
  );
}

function CharityList({ status, canDecide }: { status: ApprovalStatus; canDecide: boolean }) {
  const query = useInfiniteQuery(reviewQueries.list(status));
  const tab = TABS.find((item) => item.value === status) ?? TABS[0];
  if (query.isPending) return <LoadingState label={`Loading ${status} charities…`} />;
  if (query.isError) {
    return (
      <FailedState title="The charities could not be loaded." error={query.error} onRetry={query.refetch} />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState>{tab?.empty}</EmptyState>;
  return (
    <Stack gap="sm">
      {items.map((charity) => (
        <CharityCard key={charity.id} charity={charity} canDecide={canDecide} />
      ))}
      <ShowMore query={query}>Show more</ShowMore>
    </Stack>
  );
}

function AdminCharities({ canDecide }: { canDecide: boolean }) {
  const [params, setParams] = useSearchParams();
  const status = (TABS.find((tab) => tab.value === params.get('status'))?.value ??
    'pending') as ApprovalStatus;
  return (
    <Page
      title="Charity approvals"
      description={
        <Text>Charities registered by their people wait here until a platform admin decides.</Text>
      }
    >
      {!canDecide ? (
        <Alert color="gray" variant="light" title="View only">
          As an Employee you can see the charities; Super Admins and Admins accept, reject, lock and unlock
          them.
        </Alert>
      ) : null}
      <Tabs
        value={status}
        onChange={(value) => setParams({ status: value ?? 'pending' }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Approval status">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <CharityList status={tab.value} canDecide={canDecide} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}

/** `/admin/charities`: platform admins accept or reject pending charities, and lock or unlock them. */
export function AdminCharitiesScreen() {
  const user = useCurrentUser();
  if (!user?.is_iic_admin) {
    return (
      <Page title="Charity approvals">
        <Text>This area is for platform admins only.</Text>
      </Page>
    );
  }
  return (
    <AdminCharities
      canDecide={user.admin_type === ADMIN_TYPE.superAdmin || user.admin_type === ADMIN_TYPE.admin}
    />
  );
}
