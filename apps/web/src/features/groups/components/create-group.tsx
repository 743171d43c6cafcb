import { ADMIN_TYPE, groupCreateBodySchema } from '@kindred/shared';
import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { reloadMemberships, useSessionState } from '@/entities/session';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useCreateGroup } from '../api/create-group';
import { emptyGroupValues, GroupFields, type GroupFormValues, toCreateBody } from './group-fields';

/** `/groups/new`: name a group; the person becomes its admin and gets its PIN to share. */
export function CreateGroupScreen() {
  const state = useSessionState();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useCreateGroup();
  const businesses = state.businessMembership
    .filter((m) => m.admin_type === ADMIN_TYPE.superAdmin || m.admin_type === ADMIN_TYPE.admin)
    .map((m) => ({ value: String(m.business_id), label: m.name }));
  const form = useAccessibleForm<GroupFormValues>({
    initialValues: emptyGroupValues,
    validate: (values) => schemaErrors(groupCreateBodySchema, toCreateBody(values)),
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const group = await mutation.mutateAsync(toCreateBody(values));
    toast.success('Group created', `Share the PIN ${group.pin ?? ''} so people can join ${group.name}.`);
    void reloadMemberships();
    navigate(`/groups/${group.id}`);
  });
  return (
    <Page title="Create a group" size="sm">
      <Paper p="lg" withBorder>
        <form ref={formRef} onSubmit={submit} noValidate aria-label="Create a group">
          <Stack gap="md">
            <FormRefusal message={server.refusal} />
            <GroupFields form={form} businesses={businesses} />
            <Group>
              <Button type="submit" loading={mutation.isPending}>
                Create group
              </Button>
              <Anchor component={Link} to="/groups">
                Cancel
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
