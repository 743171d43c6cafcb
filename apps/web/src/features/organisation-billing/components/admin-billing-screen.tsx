import {
  type DiscountCode,
  discountCodeBodySchema,
  formatMoney,
  labelOf,
  PLAN_FEE_TYPES,
  type Plan,
  REQUIRED_MESSAGE,
} from '@kindred/shared';
import { Badge, Group, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AdminsOnlyPage } from '@/components/ui/admin-only';
import { DateField } from '@/components/ui/date-field';
import { FormRefusal } from '@/components/ui/form-refusal';
import { HeadedForm } from '@/components/ui/headed-form';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { buttonColumn, ResponsiveTable } from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/states';
import { SubmitRow } from '@/components/ui/submit-row';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/components/ui/toast';
import { WholeNumberInput } from '@/components/ui/whole-number-input';
import { billingQueries } from '@/entities/billing';
import { usePlatformAdmin } from '@/entities/session';
import { amountError, parseAmount } from '@/lib/amount';
import { dateFieldProps, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useCreateDiscountCode, useUpdateDiscountCode } from '../api/admin-discount-codes';
import { useCreatePlan, useUpdatePlan } from '../api/admin-plans';
import { planFee } from '../lib/billing-labels';
import { expiresAtOf, maxUsesOf } from '../lib/code-fields';
import { EditCodeDialog } from './edit-code-dialog';
import { EditPlanDialog } from './edit-plan-dialog';

interface PlanValues {
  name: string;
  description: string;
  fee: string;
  fee_type: string;
}

function PlanForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useCreatePlan();
  const form = useAccessibleForm<PlanValues>({
    initialValues: { name: '', description: '', fee: '', fee_type: '1' },
    validate: {
      name: (value) => (value.trim().length < 2 ? REQUIRED_MESSAGE : null),
      fee: (value) => amountError(value),
    },
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const plan = await mutation.mutateAsync({
      name: values.name.trim(),
      description: values.description.trim() || null,
      fee: parseAmount(values.fee) ?? 0,
      fee_type: values.fee_type === '2' ? 2 : 1,
    });
    form.reset();
    toast.success('Update successful', `The plan ${plan.name} is offered.`);
  });
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Add a plan" level={3} gap="sm">
      <FormRefusal message={server.refusal} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="Fee"
          description="An amount, for example 2500."
          required
          inputMode="decimal"
          {...form.getInputProps('fee')}
        />
        <NativeSelect
          label="Fee type"
          data={PLAN_FEE_TYPES.map((type) => ({ value: String(type.id), label: type.label }))}
          {...form.getInputProps('fee_type')}
        />
      </SimpleGrid>
      <TextInput label="Description" {...form.getInputProps('description')} />
      <SubmitRow pending={mutation.isPending}>Add plan</SubmitRow>
    </HeadedForm>
  );
}

interface CodeValues {
  code: string;
  kind: 'percentage' | 'fixed';
  value: string | number;
  expires_on: string;
  max_uses: string | number;
}

function codeBody(values: CodeValues) {
  return {
    code: values.code.trim(),
    kind: values.kind,
    value:
      values.kind === 'percentage' ? Number(values.value) : (parseAmount(String(values.value)) ?? Number.NaN),
    expires_at: expiresAtOf(values.expires_on),
    max_uses: maxUsesOf(values.max_uses),
  };
}

function CodeForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useCreateDiscountCode();
  const form = useAccessibleForm<CodeValues>({
    initialValues: { code: '', kind: 'percentage', value: '', expires_on: '', max_uses: '' },
    validate: (values) => {
      const errors: Record<string, string | null> = {};
      const parsed = discountCodeBodySchema.safeParse(codeBody(values));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'expires_at' ? 'expires_on' : String(issue.path[0] ?? '');
          if (field && !errors[field]) errors[field] = issue.message;
        }
      }
      if (values.kind === 'fixed' && amountError(String(values.value)))
        errors.value = amountError(String(values.value));
      return errors;
    },
  });
  const server = useServerErrors(form, { formRef, fieldMap: { expires_at: 'expires_on' } });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const code = await mutation.mutateAsync(codeBody(values));
    form.reset();
    toast.success('Update successful', `The code ${code.code} can be used.`);
  });
  return (
    <HeadedForm formRef={formRef} onSubmit={submit} title="Add a discount code" level={3} gap="sm">
      <FormRefusal message={server.refusal} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Code"
          description="Letters, digits, - and _."
          required
          {...form.getInputProps('code')}
        />
        <NativeSelect
          label="Kind"
          data={[
            { value: 'percentage', label: 'Percentage off' },
            { value: 'fixed', label: 'Fixed amount off' },
          ]}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label={form.values.kind === 'percentage' ? 'Percent off' : 'Amount off'}
          required
          inputMode="decimal"
          {...form.getInputProps('value')}
        />
        <DateField
          label="Expires on"
          description="Optional, mm/dd/yy: the code works until the end of that day."
          {...dateFieldProps(form, 'expires_on', '')}
        />
        <WholeNumberInput
          label="Maximum uses"
          description="Optional: how many subscriptions may use it."
          {...form.getInputProps('max_uses')}
        />
      </SimpleGrid>
      <SubmitRow pending={mutation.isPending}>Add code</SubmitRow>
    </HeadedForm>
  );
}

function PlansTable({ plans, canManage }: { plans: Plan[]; canManage: boolean }) {
  const update = useUpdatePlan();
  const [editing, setEditing] = useState<Plan | null>(null);
  if (plans.length === 0) return <EmptyState>No plans yet: add the first below.</EmptyState>;
  return (
    <>
      <ResponsiveTable
        aria-label="Plans"
        rows={plans}
        rowKey={(plan) => plan.id}
        columns={[
          { header: 'Plan', rowHeader: true, cell: (plan) => plan.name },
          { header: 'Fee', cell: (plan) => planFee(plan) },
          { header: 'Fee type', cell: (plan) => labelOf(PLAN_FEE_TYPES, plan.fee_type) ?? '' },
          {
            header: 'Offered',
            cell: (plan) => (
              <Switch
                aria-label={`Offer ${plan.name}`}
                checked={plan.active}
                disabled={!canManage || update.isPending}
                onChange={(event) => update.mutate({ id: plan.id, active: event.currentTarget.checked })}
              />
            ),
          },
          canManage &&
            buttonColumn((plan: Plan) => ({
              text: 'Edit',
              label: `Edit ${plan.name}`,
              onClick: () => setEditing(plan),
            })),
        ]}
      />
      {editing ? <EditPlanDialog plan={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function codeValue(code: DiscountCode, currency: string) {
  return code.kind === 'percentage' ? `${code.value}%` : formatMoney(code.value, currency);
}

function CodesTable({
  codes,
  canManage,
  currency,
}: {
  codes: DiscountCode[];
  canManage: boolean;
  currency: string;
}) {
  const update = useUpdateDiscountCode();
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  if (codes.length === 0) return <EmptyState>No discount codes yet: add the first below.</EmptyState>;
  return (
    <>
      <ResponsiveTable
        aria-label="Discount codes"
        rows={codes}
        rowKey={(code) => code.id}
        columns={[
          { header: 'Code', rowHeader: true, cell: (code) => code.code },
          { header: 'Off', cell: (code) => codeValue(code, currency) },
          { header: 'Expires', cell: (code) => (code.expires_at ? showDate(code.expires_at) : 'Never') },
          {
            header: 'Uses',
            cell: (code) => `${code.uses}${code.max_uses !== null ? ` of ${code.max_uses}` : ''}`,
          },
          {
            header: 'Usable',
            cell: (code) => (
              <Switch
                aria-label={`Code ${code.code} may be used`}
                checked={code.active}
                disabled={!canManage || update.isPending}
                onChange={(event) => update.mutate({ id: code.id, active: event.currentTarget.checked })}
              />
            ),
          },
          canManage &&
            buttonColumn((code: DiscountCode) => ({
              text: 'Edit',
              label: `Edit ${code.code}`,
              onClick: () => setEditing(code),
            })),
        ]}
      />
      {editing ? (
        <EditCodeDialog
          code={editing}
          valueText={codeValue(editing, currency)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

/** `/admin/subscriptions`: the plans organisations subscribe to, and the discount codes. */
export function AdminBillingScreen() {
  const { view: isAdmin, act: canManage } = usePlatformAdmin();
  const plans = useQuery({ ...billingQueries.adminPlans(), enabled: isAdmin });
  const codes = useQuery({ ...billingQueries.adminCodes(), enabled: isAdmin });
  if (!isAdmin) {
    return <AdminsOnlyPage title="Subscriptions" />;
  }
  const currency = plans.data?.items[0]?.currency ?? 'INR';
  return (
    <Page
      title="Subscriptions"
      size="lg"
      description={
        <Text c="dimmed">Plans organisations subscribe to, and discount codes off their invoices.</Text>
      }
    >
      <TitledSection variant="plain" id="plans-heading" title="Plans">
        <QueryState query={plans} loading="Loading the plans…" failed="The plans could not be loaded.">
          {(data) => <PlansTable plans={data.items} canManage={canManage} />}
        </QueryState>
        {canManage ? <PlanForm /> : null}
      </TitledSection>
      <Stack gap="md" component="section" aria-labelledby="codes-heading">
        <Group gap="xs">
          <Title order={2} size="h3" id="codes-heading">
            Discount codes
          </Title>
          {!canManage ? (
            <Badge variant="outline" color="dark">
              View only
            </Badge>
          ) : null}
        </Group>
        <QueryState
          query={codes}
          loading="Loading the discount codes…"
          failed="The discount codes could not be loaded."
        >
          {(data) => <CodesTable codes={data.items} canManage={canManage} currency={currency} />}
        </QueryState>
        {canManage ? <CodeForm /> : null}
      </Stack>
    </Page>
  );
}
