import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router';
import { DeleteAccountSection } from '@/components/ui/delete-account-section';
import { FormRefusal } from '@/components/ui/form-refusal';
import { LogoSection } from '@/components/ui/logo-section';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { reloadMemberships } from '@/entities/session';
import { submitToServer } from '@/lib/form';
import { type AccountFormDefinition, useAccountForm } from './account-form';

interface ProfiledAccount {
  id: number;
  name: string;
  logo: string | null;
}

/** The words of one kind of account's profile. */
export interface ProfileWords {
  /** 'charity', 'organisation'. */
  noun: string;
  /** 'Charity', 'Organisation'. */
  Noun: string;
  /** Said to a member who may not edit the profile, and the logo. */
  readOnlyProfile: string;
  readOnlyLogo: string;
  /** What deleting does, and when it is refused. */
  deleteConsequence: string;
  deleteRule: string;
}

export interface AccountProfileProps<A extends ProfiledAccount, Values extends { name: string }, Body> {
  words: ProfileWords;
  account: A;
  canEdit: boolean;
  canDelete: boolean;
  /** Beside the profile's heading (a link to the public page). */
  headingAction?: ReactNode;
  /** A section of the account's own shown under the profile, before its deletion (the donate button). */
  extra?: ReactNode;
  upload: {
    mutateAsync: (input: {
      id: number;
      file: File;
      onProgress: (percent: number) => void;
    }) => Promise<unknown>;
  };
  definition: AccountFormDefinition<A, Values, unknown, Body>;
  update: { mutateAsync: (input: Body & { id: number }) => Promise<A>; isPending: boolean };
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  /** What the account's kind does first once it is deleted; then the memberships reload and home shows. */
  onDeleted?: () => void;
}

function ProfileForm<A extends ProfiledAccount, Values extends { name: string }, Body>(
  props: AccountProfileProps<A, Values, Body>,
) {
  const { words, account, canEdit, definition } = props;
  const { values: valuesOf, toBody } = definition.update;
  const headingId = useId();
  const { form, server, formRef } = useAccountForm({
    initialValues: valuesOf(account),
    schema: definition.update.schema,
    toBody,
    fieldMap: definition.fieldMap,
  });

  const submit = submitToServer(form, server, formRef, async (values) => {
    const updated = await props.update.mutateAsync({ id: account.id, ...toBody(values) });
    const next = valuesOf(updated);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    toast.success(SUCCESS_TOASTS.updateSuccessful.summary, `The ${words.noun} profile is saved.`);
    if (updated.name !== account.name) void reloadMemberships();
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id={headingId}>
            {words.Noun} profile
          </Title>
          {props.headingAction}
        </Group>
        <FormRefusal message={server.refusal} />
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {definition.fields(form)}
        </fieldset>
        {canEdit ? (
          <SubmitRow justify="flex-start" pending={props.update.isPending}>
            Save profile
          </SubmitRow>
        ) : (
          <Text size="sm">{words.readOnlyProfile}</Text>
        )}
      </Stack>
    </form>
  );
}

/** The profile of an account with members: its logo, its details and, for who may, its deletion. */
export function AccountProfileSection<A extends ProfiledAccount, Values extends { name: string }, Body>(
  props: AccountProfileProps<A, Values, Body>,
) {
  const { words, account } = props;
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <LogoSection
          name={account.name}
          logo={account.logo}
          fileLabel={`${words.Noun} logo file`}
          canEdit={props.canEdit}
          readOnlyNote={words.readOnlyLogo}
          upload={(file, onProgress) => props.upload.mutateAsync({ id: account.id, file, onProgress })}
        />
      </Paper>
      <Paper p="lg" withBorder>
        <ProfileForm key={account.id} {...props} />
      </Paper>
      {props.extra}
      {props.canDelete ? (
        <Paper p="lg" withBorder>
          <DeleteAccountSection
            noun={words.noun}
            name={account.name}
            consequence={words.deleteConsequence}
            rule={words.deleteRule}
            pending={props.remove.isPending}
            remove={() => props.remove.mutateAsync(account.id)}
            onDeleted={async () => {
              props.onDeleted?.();
              await reloadMemberships();
              navigate('/', { replace: true });
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
