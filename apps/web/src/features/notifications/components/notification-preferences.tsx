import type { MailChoice, NotificationKind, NotificationPreference } from '@kindred/shared';
import { Box, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { TitledForm } from '@/components/ui/titled-form';
import { toast } from '@/components/ui/toast';
import { submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import type { PreferenceRow } from '../api/get-preferences';
import { notificationQueries } from '../api/queries';
import { useSavePreferences } from '../api/save-preferences';
import './notifications.css';

/** The mail choices, as the form words them. */
const MAIL_OPTIONS: Array<{ value: MailChoice; label: string }> = [
  { value: 'now', label: 'At once' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'Off' },
];

type Choice = Pick<NotificationPreference, 'in_app' | 'mail'>;
type Values = Record<NotificationKind, Choice>;

const valuesOf = (rows: PreferenceRow[]) =>
  Object.fromEntries(rows.map((row) => [row.kind, { in_app: row.in_app, mail: row.mail }])) as Values;

/** One kind: its words, whether it shows in Kindred and how it is mailed; a refusal beside each. */
function KindChoice({
  row,
  form,
}: {
  row: PreferenceRow;
  form: ReturnType<typeof useAccessibleForm<Values>>;
}) {
  const id = useId();
  const mail = form.getInputProps(`${row.kind}.mail`);
  const mailError = typeof mail.error === 'string' ? mail.error : null;
  return (
    <Group
      role="group"
      aria-labelledby={`${id}-kind`}
      aria-describedby={`${id}-what`}
      className="notification-kind"
      justify="space-between"
      align="flex-start"
      gap="sm"
    >
      <Box style={{ flex: '1 1 16rem' }}>
        <Title order={3} size="h5" id={`${id}-kind`}>
          {row.label}
        </Title>
        <Text size="sm" id={`${id}-what`}>
          {row.description}
        </Text>
      </Box>
      <Stack gap="xs" style={{ flex: '0 1 auto' }}>
        <Switch label="Show in Kindred" {...form.getInputProps(`${row.kind}.in_app`, { type: 'checkbox' })} />
        <Group gap="xs">
          <Text size="sm" fw={500} id={`${id}-mail`}>
            Mail
          </Text>
          <SegmentedControl
            size="sm"
            aria-labelledby={`${id}-mail`}
            aria-describedby={mailError ? `${id}-mail-error` : undefined}
            aria-invalid={mailError ? true : undefined}
            data={MAIL_OPTIONS}
            value={mail.value}
            onChange={(value) => form.setFieldValue(`${row.kind}.mail`, value as MailChoice)}
          />
        </Group>
        {mailError ? (
          <Text size="sm" c="red.9" id={`${id}-mail-error`}>
            {mailError}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function PreferencesForm({ rows }: { rows: PreferenceRow[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePreferences();
  const [saved, setSaved] = useState(() => valuesOf(rows));
  const form = useAccessibleForm<Values>({ initialValues: saved });
  // The API names a refused field by its place in the body (`preferences.0.mail`), which holds only
  // the kinds changed: the form's field for each place is written at each submit.
  const fieldMap = useRef<Record<string, string>>({}).current;
  const server = useServerErrors(form, { formRef, fieldMap });
  const [unchanged, setUnchanged] = useState(false);
  const submit = submitToServer(form, server, formRef, async (values) => {
    const changed = rows
      .map((row) => ({ kind: row.kind, ...values[row.kind] }))
      .filter((choice) => {
        const before = saved[choice.kind];
        return before.in_app !== choice.in_app || before.mail !== choice.mail;
      });
    setUnchanged(changed.length === 0);
    if (changed.length === 0) return;
    for (const key of Object.keys(fieldMap)) delete fieldMap[key];
    changed.forEach((choice, index) => {
      fieldMap[`preferences.${index}.in_app`] = `${choice.kind}.in_app`;
      fieldMap[`preferences.${index}.mail`] = `${choice.kind}.mail`;
      fieldMap[`preferences.${index}.kind`] = `${choice.kind}.mail`;
    });
    const answer = await save.mutateAsync({ preferences: changed });
    const next = valuesOf(answer.preferences);
    setSaved(next);
    form.setInitialValues(next);
    form.setValues(next);
    toast.success('Notification settings saved');
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Notifications"
      refusal={server.refusal}
      submitLabel="Save"
      pending={save.isPending}
    >
      <Text>
        Choose, for each kind, whether it shows under the bell in Kindred and when it is mailed to you: at
        once, in one daily digest, or not at all. Receipts, credit notes, failed payments and security mail
        always go, whatever you choose here.
      </Text>
      <div>
        {rows.map((row) => (
          <KindChoice key={row.kind} row={row} form={form} />
        ))}
      </div>
      {unchanged ? (
        <Text role="status" size="sm">
          You have not changed anything yet.
        </Text>
      ) : null}
    </TitledForm>
  );
}

/** `/profile/notifications`: what the person is told of each kind, in Kindred and by mail. */
export function NotificationPreferences() {
  const query = useQuery(notificationQueries.preferences());
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <QueryState
        query={query}
        loading="Loading your notification settings…"
        failed="Your notification settings could not be loaded."
      >
        {(data) => <PreferencesForm rows={data.preferences} />}
      </QueryState>
    </Paper>
  );
}
