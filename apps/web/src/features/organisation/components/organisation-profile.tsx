import { businessUpdateBodySchema, REQUIRED_MESSAGE } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DeleteAccountSection } from '@/components/ui/delete-account-section';
import { FormRefusal } from '@/components/ui/form-refusal';
import { LogoSection } from '@/components/ui/logo-section';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { reloadMemberships, session } from '@/entities/session';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useDeleteOrganisation } from '../api/delete-organisation';
import { useUpdateOrganisation } from '../api/update-organisation';
import { useUploadOrganisationLogo } from '../api/upload-organisation-logo';
import {
  type OrganisationFormValues,
  organisationValues,
  toOrganisationBody,
} from '../lib/organisation-values';
import { OrganisationFields } from './organisation-fields';
import { useOrganisationContext } from './organisation-layout';

function validate(values: OrganisationFormValues) {
  const errors = schemaErrors(businessUpdateBodySchema, toOrganisationBody(values));
  if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
  return errors;
}

function ProfileForm() {
  const { business, access } = useOrganisationContext();
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const mutation = useUpdateOrganisation();
  const form = useAccessibleForm<OrganisationFormValues>({
    initialValues: organisationValues(business),
    validate,
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        const updated = await mutation.mutateAsync({ id: business.id, ...toOrganisationBody(values) });
        const next = organisationValues(updated);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The organisation profile is saved.');
        if (updated.name !== business.name) void reloadMemberships();
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Organisation profile
        </Title>
        <FormRefusal message={server.refusal} />
        <fieldset disabled={!access.isAdmin} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <OrganisationFields form={form} />
        </fieldset>
        {access.isAdmin ? (
          <Group justify="flex-start">
            <Button type="submit" loading={mutation.isPending}>
              Save profile
            </Button>
          </Group>
        ) : (
          <Text size="sm">Only the organisation’s Super Admins and Admins edit its profile.</Text>
        )}
      </Stack>
    </form>
  );
}

function DeleteOrganisation() {
  const { business } = useOrganisationContext();
  const navigate = useNavigate();
  const mutation = useDeleteOrganisation();
  return (
    <DeleteAccountSection
      noun="organisation"
      name={business.name}
      consequence="The organisation leaves Kindred and its members lose access; their own accounts stay. This is refused while it holds money or has sub-businesses."
      rule="An organisation that holds money (its wallet, credits or donations waiting for sign-off) or has sub-businesses cannot be deleted: give or move its money first."
      pending={mutation.isPending}
      remove={() => mutation.mutateAsync(business.id)}
      onDeleted={async () => {
        session.setActiveAccount({ type: 'individual' });
        await reloadMemberships();
        navigate('/', { replace: true });
      }}
    />
  );
}

/** `/organisation`: logo, profile and, for its Super Admin, deletion. */
export function OrganisationProfileSection() {
  const { business, access } = useOrganisationContext();
  const upload = useUploadOrganisationLogo();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <LogoSection
          name={business.name}
          logo={business.logo}
          fileLabel="Organisation logo file"
          canEdit={access.isAdmin}
          readOnlyNote="Only the organisation’s Super Admins and Admins change its logo."
          upload={(file, onProgress) => upload.mutateAsync({ id: business.id, file, onProgress })}
        />
      </Paper>
      <Paper p="lg" withBorder>
        <ProfileForm key={business.id} />
      </Paper>
      {access.isSuperAdmin ? (
        <Paper p="lg" withBorder>
          <DeleteOrganisation />
        </Paper>
      ) : null}
    </Stack>
  );
}
