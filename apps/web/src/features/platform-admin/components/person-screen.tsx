import { ADMIN_TYPE, type AdminUserDetail, formatMoney } from '@kindred/shared';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { confirm } from '@/components/ui/confirm';
import { FormRefusal } from '@/components/ui/form-refusal';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { FailedState, LoadingState } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import {
  ADMIN_TYPE_LABELS,
  platformAdminAbilities,
  useCurrentUser,
  usePlatformAdmin,
} from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { useAccessibleForm, useServerErrors } from '@/lib/form';
import { showDate } from '@/lib/format';
import { useEraseUser } from '../api/erase-user';
import { exportData } from '../api/export-data';
import { userQueries } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { AdminPage } from './admin-only';
import { personStatus } from './people-screen';

const nameOf = (detail: AdminUserDetail) => `${detail.user.first_name} ${detail.user.last_name}`.trim();

/** One card of a person's summary: what it is about, its figure in bold, then its details. */
function SummaryCard({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
      {children}
    </Paper>
  );
}

/** Why a button is off, said beside it (Employees look; some actions are for Super Admins). */
function Why({ text }: { text: string | null }) {
  return text ? (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  ) : null;
}

function DetailsForm({
  detail,
  canAct,
  why,
}: {
  detail: AdminUserDetail;
  canAct: boolean;
  why: string | null;
}) {
  const update = useUpdateUser();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm({
    initialValues: {
      first_name: detail.user.first_name,
      last_name: detail.user.last_name,
      email: detail.user.email,
      phone: detail.user.phone ?? '',
    },
  });
  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(async (values) => {
    server.clear();
    try {
      await update.mutateAsync({
        user_id: detail.user.id,
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone || null,
      });
      toast.success('Update successful', 'The details are corrected.');
    } catch (error) {
      server.report(error);
    }
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="details-heading">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="details-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="details-heading">
            Correct details
          </Title>
          <FormRefusal title="Not saved" message={server.refusal} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" disabled={!canAct} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" disabled={!canAct} {...form.getInputProps('last_name')} />
            <TextInput label="Email" type="email" disabled={!canAct} {...form.getInputProps('email')} />
            <TextInput label="Phone" disabled={!canAct} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Passwords are never set here: the person resets their own.
          </Text>
          <Group>
            <Button type="submit" disabled={!canAct} loading={update.isPending}>
              Save details
            </Button>
            <Why text={why} />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Actions({ detail }: { detail: AdminUserDetail }) {
  const me = useCurrentUser();
  const abilities = platformAdminAbilities(me);
  const update = useUpdateUser();
  const erase = useEraseUser();
  const [adminType, setAdminType] = useState<string>(String(detail.user.admin_type ?? ADMIN_TYPE.employee));
  const [erasing, setErasing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const user = detail.user;
  const self = me?.id === user.id;
  const whyAct = !abilities.act
    ? abilities.whyNot
    : user.deleted
      ? 'This person has deleted their account.'
      : null;
  const whyAdmins = whyAct ?? (abilities.manageAdmins ? null : abilities.whyNotAdmins);
  const name = nameOf(detail);

  const run = async (body: Parameters<typeof update.mutateAsync>[0], done: string) => {
    setRefusal(null);
    try {
      await update.mutateAsync(body);
      toast.success('Update successful', done);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : 'Something went wrong. Try again.');
    }
  };

  const toggleActive = async () => {
    if (user.deactivated || !user.is_active) {
      await run({ user_id: user.id, action: 'activate' }, `${name} can sign in again.`);
      return;
    }
    const ok = await confirm({
      title: `Deactivate ${name}?`,
      message: `${name} is signed out everywhere at once and cannot sign in until an admin activates the account again.`,
      confirmLabel: 'Deactivate',
      danger: true,
    });
    if (ok) await run({ user_id: user.id, action: 'deactivate' }, `${name} is deactivated and signed out.`);
  };

  const setAdmin = async (make: boolean) => {
    const type = Number(adminType) as 1 | 2 | 99;
    const ok = await confirm({
      title: make ? `Make ${name} a platform admin?` : `Remove ${name} as platform admin?`,
      message: make
        ? `${name} becomes a platform ${ADMIN_TYPE_LABELS[type]} and sees the whole admin area.`
        : `${name} loses the admin area at once.`,
      confirmLabel: make ? 'Make admin' : 'Remove admin',
      danger: !make,
    });
    if (!ok) return;
    await run(
      make
        ? { user_id: user.id, is_iic_admin: true, admin_type: type }
        : { user_id: user.id, is_iic_admin: false },
      make ? `${name} is a platform ${ADMIN_TYPE_LABELS[type]}.` : `${name} is no longer a platform admin.`,
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="actions-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="actions-heading">
          Actions
        </Title>
        <FormRefusal title="Not changed" message={refusal} />
        <Group>
          <Button
            color={user.deactivated || !user.is_active ? undefined : 'red.9'}
            disabled={Boolean(whyAct) || self}
            loading={update.isPending}
            onClick={toggleActive}
          >
            {user.deactivated || !user.is_active ? 'Activate' : 'Deactivate'}
          </Button>
          <Why text={whyAct ?? (self ? 'You cannot deactivate yourself.' : null)} />
        </Group>
        <Group align="flex-end">
          <Select
            label="Platform admin type"
            value={adminType}
            onChange={(value) => setAdminType(value ?? String(ADMIN_TYPE.employee))}
            data={Object.entries(ADMIN_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            disabled={Boolean(whyAdmins)}
            allowDeselect={false}
          />
          <Button variant="default" disabled={Boolean(whyAdmins)} onClick={() => setAdmin(true)}>
            {user.is_iic_admin ? 'Change admin type' : 'Make platform admin'}
          </Button>
          {user.is_iic_admin ? (
            <Button variant="default" disabled={Boolean(whyAdmins) || self} onClick={() => setAdmin(false)}>
              Remove platform admin
            </Button>
          ) : null}
        </Group>
        <Why text={whyAdmins} />
        <Group>
          <Button
            variant="default"
            disabled={!abilities.act}
            onClick={() => exportData('user', user.id).catch(() => undefined)}
          >
            Export data (JSON)
          </Button>
          <Button
            color="red.9"
            variant="outline"
            disabled={Boolean(whyAdmins) || self}
            onClick={() => setErasing(true)}
          >
            Erase person
          </Button>
        </Group>
        <Why text={!abilities.act ? abilities.whyNot : whyAdmins} />
      </Stack>
      {erasing ? (
        <ReasonDialog
          title={`Erase ${name}?`}
          description="Their personal data is erased and they can no longer sign in. Their donations stay, anonymised, so the charities' totals do not change."
          confirmLabel="Erase"
          refusalTitle="Not erased"
          pending={erase.isPending}
          refusal={erase.error && isApiError(erase.error) ? erase.error.message : null}
          onClose={() => setErasing(false)}
          onSubmit={async (reason) => {
            try {
              await erase.mutateAsync({ id: user.id, reason });
              setErasing(false);
              toast.success('Update successful', 'The person is erased.');
            } catch {
              // The dialog shows the refusal.
            }
          }}
        />
      ) : null}
    </Paper>
  );
}

/** `/admin/people/:id`: a person's profile, memberships, wallet and giving, and what an admin may do. */
export function PersonScreen() {
  const id = Number(useParams().id);
  const abilities = usePlatformAdmin();
  const person = useQuery({
    ...userQueries.detail(id),
    enabled: Number.isSafeInteger(id) && id > 0 && abilities.view,
  });
  if (!abilities.view) return <AdminPage title="Person">{null}</AdminPage>;
  if (person.isError)
    return (
      <AdminPage title="Person">
        <FailedState title="This person could not be loaded." error={person.error} onRetry={person.refetch} />
      </AdminPage>
    );
  if (!person.data)
    return (
      <AdminPage title="Person">
        <LoadingState label="Loading the person…" />
      </AdminPage>
    );
  const detail = person.data;
  const { memberships } = detail;
  const groups = [
    { title: 'Organisations', items: memberships.businesses },
    { title: 'Charities', items: memberships.charities },
    { title: 'Projects', items: memberships.projects },
    { title: 'Groups', items: memberships.groups },
  ];
  return (
    <AdminPage title={nameOf(detail)} description={<Text>{detail.user.email}</Text>}>
      {detail.user.deactivated ? (
        <Alert color="red" variant="light" title="Deactivated">
          This person cannot sign in until an admin activates the account again.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SummaryCard label="Status" value={personStatus(detail.user)}>
          <Text size="sm">Joined {showDate(detail.user.created_at)}</Text>
          <Text size="sm">
            {detail.user.is_iic_admin
              ? `Platform ${ADMIN_TYPE_LABELS[detail.user.admin_type ?? 0] ?? 'admin'}`
              : 'Not a platform admin'}
          </Text>
        </SummaryCard>
        <SummaryCard label="Wallet" value={formatMoney(detail.wallet.wallet)}>
          <Text size="sm">
            Credits {formatMoney(detail.wallet.credits)}, held {formatMoney(detail.wallet.held)}
          </Text>
        </SummaryCard>
        <SummaryCard label="Giving" value={formatMoney(detail.giving.funds)}>
          <Text size="sm">
            {detail.giving.donations} donations, {detail.giving.hours} hours, {detail.giving.gifts} gifts
          </Text>
        </SummaryCard>
      </SimpleGrid>
      <Paper withBorder p="md" component="section" aria-labelledby="memberships-heading">
        <Title order={2} size="h4" id="memberships-heading" mb="sm">
          Memberships
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {groups.map((group) => (
            <Stack key={group.title} gap={4}>
              <Text fw={600}>{group.title}</Text>
              {group.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  None
                </Text>
              ) : (
                <List size="sm">
                  {group.items.map((item) => (
                    <List.Item key={item.id}>
                      {item.name} ({item.role})
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <Actions detail={detail} />
      <DetailsForm
        key={`${detail.user.id}-${detail.user.email}-${detail.user.first_name}`}
        detail={detail}
        canAct={abilities.act && !detail.user.deleted}
        why={
          !abilities.act
            ? abilities.whyNot
            : detail.user.deleted
              ? 'This person has deleted their account.'
              : null
        }
      />
    </AdminPage>
  );
}
