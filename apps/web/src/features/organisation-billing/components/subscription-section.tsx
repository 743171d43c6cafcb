import { labelOf, type OrgSubscription, PLAN_FEE_TYPES } from '@kindred/shared';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { billingQueries } from '@/entities/billing';
import { focusFirstInvalid, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useApplyDiscount } from '../api/apply-discount';
import { useCancelSubscription } from '../api/cancel-subscription';
import {
  discountText,
  feeText,
  paidByText,
  periodText,
  SUBSCRIPTION_STATUS_LABELS,
} from '../lib/billing-labels';
import { SubscribeForm } from './subscribe-form';

function DiscountForm({ businessId }: { businessId: number }) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const mutation = useApplyDiscount();
  const form = useAccessibleForm({
    initialValues: { discount_code: '' },
    validate: {
      discount_code: (value: string) =>
        !value.trim()
          ? 'Enter a discount code.'
          : /^[A-Za-z0-9_-]{1,32}$/.test(value.trim())
            ? null
            : 'Letters, digits, - and _ only.',
    },
  });
  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        await mutation.mutateAsync({ businessId, discount_code: values.discount_code.trim() });
        form.reset();
        toast.success('Update successful', 'The discount comes off every invoice from the next one.');
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={headingId}>
          Add a discount code
        </Title>
        <FormRefusal message={server.refusal} />
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Discount code"
            w={260}
            autoComplete="off"
            {...form.getInputProps('discount_code')}
          />
          <Button type="submit" variant="default" loading={mutation.isPending}>
            Apply code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CurrentPlan({ subscription, canManage }: { subscription: OrgSubscription; canManage: boolean }) {
  const cancel = useCancelSubscription();
  const { plan } = subscription;
  const onCancel = async () => {
    const ok = await confirm({
      title: 'Cancel the subscription?',
      message: `${plan.name} ends now: no further invoices. The period already paid is not refunded.`,
      confirmLabel: 'Cancel subscription',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!ok) return;
    await cancel.mutateAsync(subscription.business_id);
    toast.success('Update successful', 'The subscription is cancelled.');
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="current-plan-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="current-plan-heading">
            Current plan: {plan.name}
          </Title>
          <Badge color="teal.9">Active</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text>
            <strong>Fee:</strong> {feeText(subscription.period_total, plan.fee_type, plan.currency)}
            {subscription.discount
              ? ` (before discount ${feeText(plan.fee, plan.fee_type, plan.currency)})`
              : ''}
          </Text>
          <Text>
            <strong>This period:</strong>{' '}
            {periodText(subscription.current_period_start, subscription.current_period_end)}
          </Text>
          <Text>
            <strong>Next invoice:</strong> {showDate(subscription.next_invoice_on)}
          </Text>
          <Text>
            <strong>Paid by:</strong> {paidByText(subscription)}
          </Text>
          <Text>
            <strong>Discount:</strong>{' '}
            {subscription.discount ? discountText(subscription.discount, plan.currency) : 'None'}
          </Text>
          <Text>
            <strong>Since:</strong> {showDate(subscription.started_on)}
          </Text>
        </SimpleGrid>
        {canManage && !subscription.discount ? <DiscountForm businessId={subscription.business_id} /> : null}
        {canManage ? (
          <Group>
            <Button color="red.9" variant="outline" onClick={onCancel} loading={cancel.isPending}>
              Cancel subscription
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function History({ businessId }: { businessId: number }) {
  const history = useQuery(billingQueries.history(businessId));
  if (history.isPending) return <LoadingState label="Loading the history…" />;
  if (history.isError) {
    return (
      <FailedState title="The history could not be loaded." error={history.error} onRetry={history.refetch} />
    );
  }
  if (history.data.items.length === 0) return <EmptyState>No subscriptions yet.</EmptyState>;
  return (
    <ResponsiveTable
      aria-label="Subscription history"
      rows={history.data.items}
      rowKey={(row) => row.id}
      columns={[
        { header: 'Plan', rowHeader: true, cell: (row) => row.plan.name },
        { header: 'Fee type', cell: (row) => labelOf(PLAN_FEE_TYPES, row.plan.fee_type) ?? '' },
        { header: 'Status', cell: (row) => SUBSCRIPTION_STATUS_LABELS[row.status] },
        { header: 'Started', cell: (row) => showDate(row.started_on) },
        { header: 'Ended', cell: (row) => (row.ended_at ? showDate(row.ended_at) : '—') },
        { header: 'Paid by', cell: (row) => paidByText(row) },
      ]}
    />
  );
}

export interface SubscriptionSectionProps {
  businessId: number;
  /** Super Admins and Admins subscribe and cancel; the section is theirs (docs/access.md). */
  canManage: boolean;
  /** False while the organisation is pending or locked. */
  canMoveMoney: boolean;
}

/** `/organisation/subscription`: the current plan, choosing one with a discount code, the history. */
export function SubscriptionSection({ businessId, canManage, canMoveMoney }: SubscriptionSectionProps) {
  const current = useQuery({ ...billingQueries.current(businessId), enabled: canManage });
  const plans = useQuery({ ...billingQueries.plans(businessId), enabled: canManage });
  if (!canManage) {
    return <Text>Only the organisation’s Super Admins and Admins see and change its subscription.</Text>;
  }
  if (current.isPending || plans.isPending) return <LoadingState label="Loading the subscription…" />;
  if (current.isError || plans.isError) {
    return (
      <FailedState
        title="The subscription could not be loaded."
        error={current.error ?? plans.error}
        onRetry={() => {
          void current.refetch();
          void plans.refetch();
        }}
      />
    );
  }
  const subscription = current.data.subscription;
  return (
    <Stack gap="xl">
      {subscription ? (
        <CurrentPlan subscription={subscription} canManage={canManage} />
      ) : plans.data.items.length === 0 ? (
        <EmptyState>Kindred offers no plans at the moment.</EmptyState>
      ) : (
        <SubscribeForm businessId={businessId} plans={plans.data.items} canMoveMoney={canMoveMoney} />
      )}
      <Stack gap="sm">
        <Title order={2} size="h3">
          History
        </Title>
        <History businessId={businessId} />
      </Stack>
    </Stack>
  );
}
