import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { NewPasswordInputs, newPasswordErrors } from '@/components/ui/new-password-inputs';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { focusFirstInvalid, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { EmailInput, emailProblem } from './email-input';

/**
 * Asks for a password reset link (docs/product/identity-and-sessions.md#passwords: a link valid 1
 * hour, never a password).
 */
export function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();
  const form = useAccessibleForm({
    initialValues: { email: '' },
    validate: { email: emailProblem },
  });
  const server = useServerErrors(form, { formRef });
  const submit = form.onSubmit(
    async (values) => {
      const address = values.email.trim();
      server.clear();
      try {
        await mutation.mutateAsync(address);
        const text = SUCCESS_TOASTS.passwordReset(address);
        toast.success(text.summary, text.detail);
        setSentTo(address);
      } catch (error) {
        server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
  return (
    <Stack gap="md">
      {sentTo ? (
        <Alert color="green" variant="light" title="Check your email" role="status">
          <Text size="sm">
            If {sentTo} belongs to a Kindred account, a password reset link is on its way. The link works for
            one hour.
          </Text>
        </Alert>
      ) : null}
      <form ref={formRef} aria-label="Reset password" noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormRefusal title="Link not sent" message={server.refusal} />
          <EmailInput {...form.getInputProps('email')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              Back to sign in
            </Anchor>
            <Button type="submit" loading={mutation.isPending}>
              Send reset link
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Sets a new password with the token of the reset link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useConfirmPasswordReset();
  const form = useAccessibleForm({
    initialValues: { password: '', confirm_password: '' },
    validate: (values) => newPasswordErrors(values, 'Enter the password again.'),
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync({ token, password: values.password });
    toast.success('Password updated', 'You can now sign in with your new password.');
    onDone();
  });
  return (
    <form ref={formRef} aria-label="Set new password" noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormRefusal title="Password not changed" message={server.refusal} />
        <NewPasswordInputs form={form} />
        <SubmitRow justify="flex-end" pending={mutation.isPending}>
          Set new password
        </SubmitRow>
      </Stack>
    </form>
  );
}
