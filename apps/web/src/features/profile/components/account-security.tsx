import { email, type User } from '@kindred/shared';
import { PasswordInput, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { confirm } from '@/components/ui/confirm';
import { NewPasswordInputs, newPasswordErrors } from '@/components/ui/new-password-inputs';
import { TitledForm } from '@/components/ui/titled-form';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { session } from '@/entities/session';
import { focusFirstInvalid, messageOf, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Change password: the current one, then the new one twice (compare fields,
 * docs/product/limits-and-messages.md#form-checks).
 */
export function ChangePasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useChangePassword();
  const form = useAccessibleForm({
    initialValues: { current_password: '', password: '', confirm_password: '' },
    validate: (values) => ({
      current_password: values.current_password ? null : 'Enter your current password.',
      ...newPasswordErrors(values, 'Enter the new password again.'),
    }),
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const token = await mutation.mutateAsync({
      current_password: values.current_password,
      password: values.password,
    });
    // Old tokens stop working: keep the new one.
    session.setToken(token);
    form.reset();
    toast.success(SUCCESS_TOASTS.passwordUpdated.summary);
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Change password"
      refusalTitle="Password not changed"
      refusal={server.refusal}
      submitLabel="Change password"
      pending={mutation.isPending}
      submitAlign="flex-end"
    >
      <PasswordInput
        label="Current password"
        required
        autoComplete="current-password"
        {...form.getInputProps('current_password')}
      />
      <NewPasswordInputs form={form} />
    </TitledForm>
  );
}

/** Change email: the new address and the password. */
export function ChangeEmailForm({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useChangeEmail();
  const form = useAccessibleForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => {
        const address = value.trim();
        if (!address) return 'Enter the new email address.';
        if (address.toLowerCase() === user.email.toLowerCase()) return 'This is already your email address.';
        return messageOf(email(address));
      },
      password: (value) => (value ? null : 'Enter your password.'),
    },
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    const response = await mutation.mutateAsync({
      email: values.email.trim(),
      password: values.password,
    });
    session.setToken(response);
    session.updateUser(response.user);
    form.reset();
    toast.success(SUCCESS_TOASTS.emailUpdated.summary);
  });
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Change email"
      refusalTitle="Email not changed"
      refusal={server.refusal}
      submitLabel="Change email"
      pending={mutation.isPending}
      submitAlign="flex-end"
    >
      <Text size="sm">
        Your email address is <strong>{user.email}</strong>.
      </Text>
      <TextInput
        label="New email"
        type="email"
        required
        autoComplete="email"
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        required
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
    </TitledForm>
  );
}

/** Delete account: asks for the password, then confirms, then logs out. */
export function DeleteAccountForm({ user }: { user: User }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useDeleteAccount();
  const form = useAccessibleForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : 'Enter your password to delete your account.') },
  });
  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(
    async (values) => {
      const confirmed = await confirm({
        title: 'Delete your account?',
        message: 'Your profile, memberships and wallet access will be removed. This cannot be undone.',
        confirmLabel: 'Yes, delete my account',
        cancelLabel: 'Keep my account',
        danger: true,
      });
      if (!confirmed) return;
      server.clear();
      try {
        await mutation.mutateAsync({ id: user.id, password: values.password });
        toast.success(SUCCESS_TOASTS.deletedAccount.summary);
        session.logout();
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
  return (
    <TitledForm
      formRef={formRef}
      onSubmit={submit}
      title="Delete account"
      refusalTitle="Account not deleted"
      refusal={server.refusal}
      submitLabel="Delete account"
      pending={mutation.isPending}
      submitAlign="flex-end"
      danger
    >
      <Text size="sm">
        Deleting your account removes your profile and signs you out. This cannot be undone.
      </Text>
      <PasswordInput
        label="Password"
        required
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
    </TitledForm>
  );
}
