import { loginBodySchema } from '@kindred/shared';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormRefusal } from '@/components/ui/form-refusal';
import { CurrentPasswordInput } from '@/components/ui/new-password-inputs';
import { SUCCESS_TOASTS, toast } from '@/components/ui/toast';
import { session } from '@/entities/session';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid, mergeErrors, schemaErrors, useAccessibleForm, useServerErrors } from '@/lib/form';
import { useLogin } from '../api/login';
import { EmailInput, emailProblem } from './email-input';

export interface LoginFormProps {
  /** Called once signed in (the route then navigates on). */
  onSuccess: () => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [notActivated, setNotActivated] = useState(false);
  const mutation = useLogin();
  const form = useAccessibleForm({
    initialValues: { email: '', password: '' },
    validate: (values) =>
      mergeErrors(
        { email: emailProblem(values.email) },
        values.password ? {} : { password: 'Enter your password.' },
        schemaErrors(loginBodySchema, values),
      ),
    validateInputOnBlur: true,
  });
  const server = useServerErrors(form, { formRef });

  const submit = form.onSubmit(
    async (values) => {
      setNotActivated(false);
      server.clear();
      try {
        const response = await mutation.mutateAsync(loginBodySchema.parse(values));
        session.signIn(response);
        toast.success(SUCCESS_TOASTS.loggedIn.summary, SUCCESS_TOASTS.loggedIn.detail);
        onSuccess();
      } catch (error) {
        // An inactive account gets its own alert with the way out.
        if (isApiError(error) && error.code === 'ACCOUNT_NOT_ACTIVATED') setNotActivated(true);
        else server.report(error);
      }
    },
    () => focusFirstInvalid(formRef.current),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormRefusal title="Not signed in" message={server.refusal} />
        {notActivated ? (
          <Alert color="yellow" variant="light" title="Your account is not activated yet" role="alert">
            <Text size="sm">
              Use the code from your activation email, or{' '}
              <Anchor component={Link} to="/activate">
                send the activation email again
              </Anchor>
              .
            </Text>
          </Alert>
        ) : null}
        <EmailInput {...form.getInputProps('email')} />
        <CurrentPasswordInput {...form.getInputProps('password')} />
        <Group justify="space-between">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={mutation.isPending}>
            Sign in
          </Button>
        </Group>
        <Text size="sm">
          New to Kindred?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/register/organisation">
            register a charity or organisation
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
