import { charityUpdateBodySchema, REQUIRED_MESSAGE } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountSection } from '@/components/ui/delete-account-section';
import { FormRefusal } from '@/components/ui/form-refusal';
import { LogoSection } from '@/components/ui/logo-section';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { publicCharityPath } from '@/entities/charity';
import { reloadMemberships } from '@/entities/session';
import { focusFirstInvalid, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useDeleteCharity } from '../api/delete-charity';
import { useUpdateCharity } from '../api/update-charity';
import { useUploadCharityLogo } from '../api/upload-charity-logo';
import { type CharityFormValues, charityValues, toCharityUpdateBody } from '../lib/charity-values';
import { CharityFields } from './charity-fields';
import { useCharityContext } from './charity-layout';

const SERVER_FIELDS: Record<string, string> = { latitude: 'city_id', longitude: 'city_id', city: 'city_id' };

function validateCharity(values: CharityFormValues) {
  const errors = schemaErrors(charityUpdateBodySchema, toCharityUpdateBody(values));
  if (!values.name.trim()) errors.name = REQUIRED_MESSAGE;
  return errors;
}

function CharityLogo() {
  const { charity, access } = useCharityContext();
  const upload = useUploadCharityLogo();
  return (
    <LogoSection
      name={charity.name}
      logo={charity.logo}
      fileLabel="Charity logo file"
      canEdit={access.canEditProfile}
      readOnlyNote="Only the charity’s admins change its logo."
      upload={(file, onProgress) => upload.mutateAsync({ id: charity.id, file, onProgress })}
    />
  );
}

function CharityProfileForm() {
  const { charity, access } = useCharityContext();
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const mutation = useUpdateCharity();
  const form = useAccessibleForm<CharityFormValues>({
    initialValues: charityValues(charity),
    validate: validateCharity,
    validateInputOnBlur: true,
  });

  const server = useServerErrors(form, { fieldMap: SERVER_FIELDS, formRef });

  const submit = form.onSubmit(
    async (values) => {
      server.clear();
      try {
        const updated = await mutation.mutateAsync({ id: charity.id, ...toCharityUpdateBody(values) });
        const next = charityValues(updated);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toast.success(SUCCESS_TOASTS.updateSuccessful.summary, 'The charity profile is saved.');
        if (updated.name !== charity.name) void reloadMemberships();
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id={headingId}>
            Charity profile
          </Title>
          {charity.approval_status === 'approved' && !charity.lock_status ? (
            <Button component={Link} to={publicCharityPath(charity.id)} variant="subtle" size="compact-md">
              View public page
            </Button>
          ) : null}
        </Group>
        <FormRefusal message={server.refusal} />
        <fieldset disabled={!access.canEditProfile} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <CharityFields form={form} />
        </fieldset>
        {access.canEditProfile ? (
          <Group justify="flex-start">
            <Button type="submit" loading={mutation.isPending}>
              Save profile
            </Button>
          </Group>
        ) : (
          <Text size="sm">Only the charity&apos;s admins edit its profile.</Text>
        )}
      </Stack>
    </form>
  );
}

function DeleteCharity() {
  const { charity } = useCharityContext();
  const navigate = useNavigate();
  const mutation = useDeleteCharity();
  return (
    <DeleteAccountSection
      noun="charity"
      name={charity.name}
      consequence="The charity leaves Kindred and its members lose access. This is refused while it holds funds or runs live projects."
      rule="A charity that holds funds or runs live or completed projects cannot be deleted: pay out its funds and finish its projects first."
      pending={mutation.isPending}
      remove={() => mutation.mutateAsync(charity.id)}
      onDeleted={async () => {
        await reloadMemberships();
        navigate('/', { replace: true });
      }}
    />
  );
}

/** `/charity`: logo, profile and, for its Super Admin, deletion. */
export function CharityProfileSection() {
  const { charity, access } = useCharityContext();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <CharityLogo />
      </Paper>
      <Paper p="lg" withBorder>
        <CharityProfileForm key={charity.id} />
      </Paper>
      {access.isAdmin ? (
        <Paper p="lg" withBorder>
          <DeleteCharity />
        </Paper>
      ) : null}
    </Stack>
  );
}
