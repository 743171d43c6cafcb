import { Anchor, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import {
  ActivationCodeForm,
  ActivationResult,
  ForgotPasswordForm,
  LoginForm,
  RegisterForm,
  ResendActivationForm,
  ResetPasswordForm,
} from '@/features/auth';
import { safeNext } from '@/lib/navigation';

export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Page title="Sign in" size="xs" description={<Text>Welcome back to Kindred.</Text>}>
      <Paper p="lg" withBorder>
        <LoginForm onSuccess={() => navigate(safeNext(params.get('next')), { replace: true })} />
      </Paper>
    </Page>
  );
}

export function RegisterRoute() {
  return (
    <Page
      title="Create your account"
      size="xs"
      description={
        <Text>
          Give funds, time, skills and gifts to the causes you care about. Registering a charity or an
          organisation?{' '}
          <Anchor component={Link} to="/register/organisation">
            Use the organisation form
          </Anchor>
          .
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        <RegisterForm variant="individual" />
      </Paper>
    </Page>
  );
}

export function RegisterOrganisationRoute() {
  return (
    <Page
      title="Register a charity or organisation"
      size="sm"
      description={
        <Text>
          Create your own account and apply to add your charity or business. Just for yourself?{' '}
          <Anchor component={Link} to="/register">
            Create a personal account
          </Anchor>
          .
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        <RegisterForm variant="organisation" />
      </Paper>
    </Page>
  );
}

function ResendActivation() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Did not get the email?
      </Title>
      <ResendActivationForm />
    </Stack>
  );
}

export function ActivateRoute() {
  const navigate = useNavigate();
  return (
    <Page
      title="Activate your account"
      size="xs"
      description={<Text>Enter the code from the activation email we sent you.</Text>}
    >
      <Paper p="lg" withBorder>
        <Stack gap="lg">
          <ActivationCodeForm onSubmitCode={(code) => navigate(`/activate/${encodeURIComponent(code)}`)} />
          <Divider />
          <ResendActivation />
        </Stack>
      </Paper>
    </Page>
  );
}

export function ActivateCodeRoute() {
  const { code = '' } = useParams();
  return (
    <Page title="Account activation" size="xs">
      <Paper p="lg" withBorder>
        <Stack gap="lg">
          <ActivationResult code={code} />
          <Divider />
          <ResendActivation />
        </Stack>
      </Paper>
    </Page>
  );
}

export function ForgotPasswordRoute() {
  return (
    <Page
      title="Forgot your password?"
      size="xs"
      description={<Text>We will email you a link to set a new password. The link works for one hour.</Text>}
    >
      <Paper p="lg" withBorder>
        <ForgotPasswordForm />
      </Paper>
    </Page>
  );
}

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Page
      title="Set a new password"
      size="xs"
      description={
        <Text>
          Link expired?{' '}
          <Anchor component={Link} to="/forgot-password">
            Ask for a new one
          </Anchor>
          .
        </Text>
      }
    >
      <Paper p="lg" withBorder>
        <ResetPasswordForm token={token} onDone={() => navigate('/login', { replace: true })} />
      </Paper>
    </Page>
  );
}
