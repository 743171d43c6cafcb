import { type Group, groupUpdateBodySchema } from '@kindred/shared';
import { Alert, Anchor, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountSection } from '@/components/ui/delete-account-section';
import { LogoSection } from '@/components/ui/logo-section';
import { Page } from '@/components/ui/page';
import { EmptyState, FailedState, LoadingState } from '@/components/ui/states';
import { TitledForm } from '@/components/ui/titled-form';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { groupQueries } from '@/entities/group';
import { reloadMemberships } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { schemaErrors, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useDeleteGroup } from '../api/delete-group';
import { useUpdateGroup } from '../api/update-group';
import { useUploadGroupLogo } from '../api/upload-group-logo';
import { GroupFields, type GroupFormValues, toUpdateBody } from './group-fields';

const valuesOf = (group: Group): GroupFormValues => ({
  name: group.name,
  description: group.description ?? '',
  type: String(group.group_type),
  business_id: group.business_id ? String(group.business_id) : '',
  requires_approval: group.requires_approval,
  is_public: group.is_public,
});

function EditForm({ group }: { group: Group }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useUpdateGroup();
  const form = useAccessibleForm<GroupFormValues>({
    initialValues: valuesOf(group),
    validate: (values) => schemaErrors(groupUpdateBodySchema, toUpdateBody(values)),
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const updated = await mutation.mutateAsync({ id: group.id, ...toUpdateBody(values) });
    form.resetDirty(valuesOf(updated));
    toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The group is saved.');
    if (updated.name !== group.name) void reloadMemberships();
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Details"
      refusal={server.refusal}
      submitLabel="Save group"
      pending={mutation.isPending}
    >
      <GroupFields form={form} />
    </TitledForm>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const navigate = useNavigate();
  const mutation = useDeleteGroup();
  return (
    <DeleteAccountSection
      noun="group"
      name={group.name}
      consequence="The group, its members list, its requests and its statistics go. What members gave stays theirs."
      pending={mutation.isPending}
      remove={() => mutation.mutateAsync(group.id)}
      onDeleted={() => {
        void reloadMemberships();
        navigate('/groups', { replace: true });
      }}
    />
  );
}

/** `/groups/:id/edit`: the admins edit the group, its logo, or delete it. */
export function EditGroupScreen({ groupId }: { groupId: number | null }) {
  const group = useQuery({ ...groupQueries.detail(groupId ?? 0), enabled: groupId !== null });
  const upload = useUploadGroupLogo();
  if (group.isPending && groupId !== null) return <LoadingState label="Loading the group…" />;
  if (!group.data) {
    return (
      <Page title="Edit group">
        {group.isError && !(isApiError(group.error) && group.error.status === 404) ? (
          <FailedState title="The group could not be loaded." error={group.error} onRetry={group.refetch} />
        ) : (
          <EmptyState>This group does not exist.</EmptyState>
        )}
      </Page>
    );
  }
  const g = group.data;
  return (
    <Page title={`Edit ${g.name}`} size="sm">
      <Anchor component={Link} to={`/groups/${g.id}`}>
        Back to the group
      </Anchor>
      {!g.is_admin ? (
        <Alert color="gray" variant="light">
          Only the group’s admins edit it.
        </Alert>
      ) : (
        <>
          <Paper p="lg" withBorder>
            <LogoSection
              name={g.name}
              logo={g.logo}
              fileLabel="Group logo file"
              canEdit
              readOnlyNote="Only the group’s admins change its logo."
              upload={(file, onProgress) => upload.mutateAsync({ id: g.id, file, onProgress })}
            />
          </Paper>
          <Paper p="lg" withBorder>
            <EditForm key={g.id} group={g} />
          </Paper>
          <Paper p="lg" withBorder>
            <DeleteGroup group={g} />
          </Paper>
        </>
      )}
    </Page>
  );
}
