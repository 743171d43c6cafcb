import { labelOf, type OrgSubscription, PLAN_FEE_TYPES, type Plan } from '@kindred/shared';
import { Badge, Button, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { billingQueries } from '@/entities/billing';
import { serverErrorsOf, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useApplyDiscount } from '../api/apply-discount';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useChangePlan } from '../api/change-plan';
import { usePreviewSubscription } from '../api/preview-subscription';
import {
  discountText,
  feeText,
  paidByText,
  periodText,
  SUBSCRIPTION_STATUS_LABELS,
} from '../lib/billing-labels';
import { PlanChoices } from './plan-choices';
import { SubscribeForm } from './subscribe-form';

function DiscountForm({ businessId }: { businessId: number }) {
  const formRef = useRef<HTMLFormElement>(null);
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
  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync({ businessId, discount_code: values.discount_code.trim() });
    form.reset();
    toast.success('Update successful', 'The discount comes off every invoice from the next one.');
  });
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Add a discount code" level={3} gap="xs">
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
    </HeadedForm>
  );
}

/**
 * Another offered plan from the next period: chosen, priced by the preview call (with the
 * subscription's discount code), confirmed. Nothing is charged now; the next invoice is the new
 * plan's (docs/decisions/039-smaller-admin-and-organisation-fixes.md).
 */
function ChangePlanForm({ subscription, plans }: { subscription: OrgSubscription; plans: Plan[] }) {
  const headingId = useId();
  const others = plans.filter((plan) => plan.id !== subscription.plan.id);
  const [choice, setChoice] = useState<string>(
    subscription.next_plan ? String(subscription.next_plan.id) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = usePreviewSubscription();
  const change = useChangePlan();
  const businessId = subscription.business_id;
  const from = subscription.next_invoice_on ?? subscription.current_period_end;
  /** A refusal about the plan goes beside the plans; any other above them. */
  const report = (caught: unknown) => {
    const { fields, refusal: message } = serverErrorsOf(caught, { plan_id: choice });
    if (fields.plan_id) setError(String(fields.plan_id));
    setRefusal(fields.plan_id ? null : message);
  };

  const onChange = async () => {
    setRefusal(null);
    if (!choice) {
      setError('Choose the plan to change to.');
      return;
    }
    try {
      const price = await preview.mutateAsync({ businessId, plan_id: Number(choice), change: true });
      const ok = await confirm({
        title: `Change to ${price.plan.name}?`,
        message: `From ${showDate(price.period_start)} each period costs ${feeText(price.total, price.plan.fee_type, price.currency)}${price.discount_code ? ` (code ${price.discount_code} applied)` : ''}; the first is ${periodText(price.period_start, price.period_end)}. Nothing is charged now: ${subscription.plan.name} stays until then.`,
        confirmLabel: 'Change plan',
        cancelLabel: 'Keep my plan',
      });
      if (!ok) return;
      await change.mutateAsync({ businessId, plan_id: Number(choice) });
      toast.success('Plan changed', `${price.plan.name} from ${showDate(price.period_start)}.`);
    } catch (caught) {
      report(caught);
    }
  };

  const onKeep = async () => {
    setRefusal(null);
    try {
      await change.mutateAsync({ businessId, plan_id: subscription.plan.id });
      setChoice('');
      toast.success('Plan kept', `${subscription.plan.name} goes on.`);
    } catch (caught) {
      report(caught);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        Change plan
      </Title>
      <FormRefusal message={refusal} title="Not changed" />
      {subscription.next_plan ? (
        <Group gap="sm" wrap="wrap">
          <Text>
            <strong>From {showDate(from)}:</strong> {subscription.next_plan.name},{' '}
            {feeText(
              subscription.next_period_total ?? subscription.next_plan.fee,
              subscription.next_plan.fee_type,
              subscription.next_plan.currency,
            )}
          </Text>
          <Button variant="default" size="xs" onClick={onKeep} loading={change.isPending}>
            {`Keep ${subscription.plan.name}`}
          </Button>
        </Group>
      ) : null}
      {others.length === 0 ? (
        <Text size="sm">Kindred offers no other plan at the moment.</Text>
      ) : (
        <>
          <Radio.Group
            label="New plan"
            description={`It starts with the next period, on ${showDate(from)}; nothing is charged now.`}
            value={choice}
            error={error}
            onChange={(value) => {
              setChoice(value);
              setError(null);
            }}
          >
            <PlanChoices plans={others} />
          </Radio.Group>
          <Group>
            <Button variant="default" onClick={onChange} loading={preview.isPending || change.isPending}>
              Change plan
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function CurrentPlan({
  subscription,
  plans,
  canManage,
}: {
  subscription: OrgSubscription;
  plans: Plan[];
  canManage: boolean;
}) {
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
        {canManage ? <ChangePlanForm subscription={subscription} plans={plans} /> : null}
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
        <CurrentPlan subscription={subscription} plans={plans.data.items} canManage={canManage} />
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
