import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { LoadingState } from '@/components/ui/states';
import { SubmitRow } from '@/components/ui/submit-row';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid, submitToServer, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useActivateAccount, useSendActivationEmail } from '../api/activation';
import { EmailInput, emailProblem } from './email-input';

/** Enter the code from the activation email; goes on to `/activate/<code>`. */
export function ActivationCodeForm({ onSubmitCode }: { onSubmitCode: (code: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccessibleForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : 'Enter the code from your activation email.') },
  });
  return (
    <form
      ref={formRef}
      aria-label="Activate account"
      noValidate
      onSubmit={form.onSubmit(
        (values) => onSubmitCode(values.code.trim()),
        () => focusFirstInvalid(formRef.current),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Activation code"
          required
          autoComplete="one-time-code"
          spellCheck={false}
          {...form.getInputProps('code')}
        />
        <SubmitRow justify="flex-end">Activate</SubmitRow>
      </Stack>
    </form>
  );
}

/** Activates the account on load and shows the result. */
export function ActivationResult({ code }: { code: string }) {
  const activation = useActivateAccount(code);
  if (activation.isPending) {
    return <LoadingState layout="inline" label="Activating your account…" />;
  }
  if (activation.isError) {
    const error = activation.error;
    const used = isApiError(error) && error.status === 409;
    return (
      <Alert color="red" variant="light" title="We could not activate your account" role="alert">
        <Stack gap="xs">
          <Text size="sm">
            {used
              ? 'This activation code has already been used. If your account is active, you can sign in.'
              : isApiError(error) && error.status === 404
                ? 'This activation code is not valid. Check the link, or send the activation email again below.'
                : error.message}
          </Text>
          <Anchor component={Link} to="/login" size="sm">
            Go to sign in
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" title="Account activated" role="status">
      <Stack gap="xs">
        <Text size="sm">{activation.data?.message || 'Your account is active. You can now sign in.'}</Text>
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          Sign in to Kindred
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Sends the activation email again (the answer is the same whether or not the account exists). */
export function ResendActivationForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSendActivationEmail();
  const form = useAccessibleForm({
    initialValues: { email: '' },
    validate: { email: emailProblem },
  });
  const server = useServerErrors(form, { formRef });
  const submit = submitToServer(form, server, formRef, async (values) => {
    await mutation.mutateAsync(values.email.trim());
    toast.success(SUCCESS_TOASTS.confirmationEmail.summary, SUCCESS_TOASTS.confirmationEmail.detail);
    form.reset();
  });
  return (
    <form ref={formRef} aria-label="Resend activation email" noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormRefusal title="Email not sent" message={server.refusal} />
        <EmailInput {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={mutation.isPending}>
            Resend activation email
          </Button>
        </Group>
        {mutation.isSuccess ? (
          <Text size="sm" role="status">
            If an account with that address is waiting for activation, a new email is on its way.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
