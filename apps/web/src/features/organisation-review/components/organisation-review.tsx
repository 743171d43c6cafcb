import { ADMIN_TYPE, type Business } from '@kindred/shared';
import { Alert, Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { Page } from '@/components/ui/page';
import { ShowMore } from '@/components/ui/pager';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useCurrentUser } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { useDecideOrganisation } from '../api/decide-organisation';
import { type ApprovalStatus, organisationReviewQueries } from '../api/get-review-organisations';
import { useLockOrganisation } from '../api/lock-organisation';

const TABS: Array<{ value: ApprovalStatus; label: string; empty: string }> = [
  { value: 'pending', label: 'Pending', empty: 'No organisation is waiting for approval.' },
  { value: 'approved', label: 'Approved', empty: 'No approved organisations.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected organisations.' },
];

function OrganisationCard({ business, canDecide }: { business: Business; canDecide: boolean }) {
  const decide = useDecideOrganisation();
  const lock = useLockOrganisation();
  const [rejecting, setRejecting] = useState(false);
  const [locking, setLocking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onAccept = async () => {
    const ok = await confirm({
      title: `Approve ${business.name}?`,
      message:
        'It can add money and give, and people can find it to ask to join. Its Super Admins are emailed.',
      confirmLabel: 'Approve organisation',
    });
    if (!ok) return;
    try {
      await decide.mutateAsync({ business_id: business.id, status: 'approved' });
      toast.success('Organisation approved', `${business.name} is approved; its Super Admins are emailed.`);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };

  const onReject = async (reason: string) => {
    try {
      await decide.mutateAsync({ business_id: business.id, status: 'rejected', reason });
      toast.success(
        'Organisation rejected',
        `${business.name} was rejected; its Super Admins are emailed why.`,
      );
      setRejecting(false);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };

  /** Locking asks why (the reason is kept in the audit log and mailed); unlocking only confirms. */
  const onLock = async () => {
    setRefusal(null);
    if (!business.lock_status) {
      setLocking(true);
      return;
    }
    const ok = await confirm({
      title: `Unlock ${business.name}?`,
      message: 'The organisation can move money again; its Super Admins are emailed.',
      confirmLabel: 'Unlock organisation',
    });
    if (!ok) return;
    try {
      await lock.mutateAsync({ id: business.id, lock_status: false });
      toast.success('Organisation unlocked', business.name);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };

  const onLockWithReason = async (reason: string) => {
    try {
      await lock.mutateAsync({ id: business.id, lock_status: true, reason });
      toast.success('Organisation locked', `${business.name} is locked; its Super Admins are emailed why.`);
      setLocking(false);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Nothing was changed. Try again.');
    }
  };

  return (
    <Card withBorder component="article" aria-label={business.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {business.name}
          </Title>
          {business.lock_status ? (
            <Badge color="red.9" variant="filled">
              Locked
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {business.registration_number
            ? `Company number ${business.registration_number}`
            : 'No company number given'}
          {` · added ${showDate(business.created_at)}`}
        </Text>
        {business.description ? <Text size="sm">{business.description}</Text> : null}
        {business.rejection_reason ? (
          <Text size="sm">Reason for rejection: {business.rejection_reason}</Text>
        ) : null}
        {refusal && !rejecting && !locking ? (
          <Alert color="red" variant="light" title="Not changed" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {canDecide ? (
          <Group gap="sm" mt="xs">
            {business.approval_status === 'pending' ? (
              <>
                <Button
                  size="sm"
                  onClick={onAccept}
                  loading={decide.isPending}
                  aria-label={`Approve ${business.name}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  c="red.9"
                  onClick={() => {
                    setRefusal(null);
                    setRejecting(true);
                  }}
                  aria-label={`Reject ${business.name}`}
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
              aria-label={`${business.lock_status ? 'Unlock' : 'Lock'} ${business.name}`}
            >
              {business.lock_status ? 'Unlock' : 'Lock'}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {rejecting ? (
        <ReasonDialog
          title={`Reject ${business.name}?`}
          description="Its Super Admins are emailed this reason."
          confirmLabel="Reject organisation"
          pending={decide.isPending}
          refusal={refusal}
          onClose={() => setRejecting(false)}
          onSubmit={onReject}
        />
      ) : null}
      {locking ? (
        <ReasonDialog
          title={`Lock ${business.name}?`}
          description="A locked organisation moves no money and others cannot find it; its members keep their own accounts. The reason is kept in the audit log and emailed to its Super Admins."
          confirmLabel="Lock organisation"
          refusalTitle="Not locked"
          emptyMessage="Say why it is locked."
          pending={lock.isPending}
          refusal={refusal}
          onClose={() => setLocking(false)}
          onSubmit={onLockWithReason}
        />
      ) : null}
    </Card>
  );
}

function OrganisationList({ status, canDecide }: { status: ApprovalStatus; canDecide: boolean }) {
  const query = useInfiniteQuery(organisationReviewQueries.list(status));
  const tab = TABS.find((item) => item.value === status) ?? TABS[0];
  if (query.isPending) return <LoadingState label={`Loading ${status} organisations…`} />;
  if (query.isError)
    return (
      <FailedState
        title="The organisations could not be loaded."
        error={query.error}
        onRetry={query.refetch}
      />
    );
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState>{tab?.empty}</EmptyState>;
  return (
    <Stack gap="sm">
      {items.map((business) => (
        <OrganisationCard key={business.id} business={business} canDecide={canDecide} />
      ))}
      <ShowMore query={query}>Show more</ShowMore>
    </Stack>
  );
}

/** `/admin/organisations`: platform admins approve or reject organisations, and lock or unlock them. */
export function AdminOrganisationsScreen() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user?.is_iic_admin) {
    return (
      <Page title="Organisation approvals">
        <Text>This area is for platform admins only.</Text>
      </Page>
    );
  }
  const canDecide = user.admin_type === ADMIN_TYPE.superAdmin || user.admin_type === ADMIN_TYPE.admin;
  const status = (TABS.find((tab) => tab.value === params.get('status'))?.value ??
    'pending') as ApprovalStatus;
  return (
    <Page
      title="Organisation approvals"
      description={<Text>Organisations added by their people wait here until a platform admin decides.</Text>}
    >
      {!canDecide ? (
        <Alert color="gray" variant="light" title="View only">
          As an Employee you can see the organisations; Super Admins and Admins approve, reject, lock and
          unlock them.
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
            <OrganisationList status={tab.value} canDecide={canDecide} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
