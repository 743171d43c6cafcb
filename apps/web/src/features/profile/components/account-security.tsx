import { email, type User } from '@kindred/shared';
import { Text, TextInput } from '@mantine/core';
import { type FormEventHandler, type RefObject, useRef } from 'react';
import { confirm } from '@/components/ui/confirm';
import {
  CurrentPasswordInput,
  NewPasswordInputs,
  newPasswordErrors,
} from '@/components/ui/new-password-inputs';
import { TitledForm, type TitledFormProps } from '@/components/ui/titled-form';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { session } from '@/entities/session';
import { focusFirstInvalid, messageOf, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';

/** What a security form is sent with: its element, its submit, its refusal and its call. */
interface SecurityFrame {
  formRef: RefObject<HTMLFormElement | null>;
  submit: FormEventHandler<HTMLFormElement>;
  server: { refusal: string | null };
  mutation: { isPending: boolean };
}

/** One of the account's security forms, named by its heading, its button (the same words) at its end. */
function SecurityForm({
  frame,
  title,
  ...props
}: { frame: SecurityFrame } & Pick<TitledFormProps, 'title' | 'refusalTitle' | 'danger' | 'children'>) {
  return (
    <TitledForm
      formRef={frame.formRef}
      onSubmit={frame.submit}
      title={title}
      refusal={frame.server.refusal}
      submitLabel={title}
      pending={frame.mutation.isPending}
      submitAlign="flex-end"
      {...props}
    />
  );
}

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
    <SecurityForm
      frame={{ formRef, submit, server, mutation }}
      title="Change password"
      refusalTitle="Password not changed"
    >
      <CurrentPasswordInput label="Current password" {...form.getInputProps('current_password')} />
      <NewPasswordInputs form={form} />
    </SecurityForm>
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
    <SecurityForm
      frame={{ formRef, submit, server, mutation }}
      title="Change email"
      refusalTitle="Email not changed"
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
      <CurrentPasswordInput {...form.getInputProps('password')} />
    </SecurityForm>
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
    <SecurityForm
      frame={{ formRef, submit, server, mutation }}
      title="Delete account"
      refusalTitle="Account not deleted"
      danger
    >
      <Text size="sm">
        Deleting your account removes your profile and signs you out. This cannot be undone.
      </Text>
      <CurrentPasswordInput {...form.getInputProps('password')} />
    </SecurityForm>
  );
}
