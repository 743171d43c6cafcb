import { Anchor, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Page, type PageProps } from '@/components/ui/page';
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

/** A sign-in or account screen: its heading and lead-in, then its form on a card (narrow unless told). */
function AuthPage({ size = 'xs', children, ...page }: PageProps) {
  return (
    <Page size={size} {...page}>
      <Paper p="lg" withBorder>
        {children}
      </Paper>
    </Page>
  );
}

/** A lead-in that ends by pointing elsewhere: "`text` `link`." */
function LeadIn({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <Text>
      {text}{' '}
      <Anchor component={Link} to={to}>
        {link}
      </Anchor>
      .
    </Text>
  );
}

export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthPage title="Sign in" description={<Text>Welcome back to Kindred.</Text>}>
      <LoginForm onSuccess={() => navigate(safeNext(params.get('next')), { replace: true })} />
    </AuthPage>
  );
}

export function RegisterRoute() {
  return (
    <AuthPage
      title="Create your account"
      description={
        <LeadIn
          text="Give funds, time, skills and gifts to the causes you care about. Registering a charity or an organisation?"
          to="/register/organisation"
          link="Use the organisation form"
        />
      }
    >
      <RegisterForm variant="individual" />
    </AuthPage>
  );
}

export function RegisterOrganisationRoute() {
  return (
    <AuthPage
      title="Register a charity or organisation"
      size="sm"
      description={
        <LeadIn
          text="Create your own account and apply to add your charity or business. Just for yourself?"
          to="/register"
          link="Create a personal account"
        />
      }
    >
      <RegisterForm variant="organisation" />
    </AuthPage>
  );
}

/** The activation form or its result, then the way to ask for the email again. */
function ActivationCard({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      {children}
      <Divider />
      <Stack gap="sm">
        <Title order={2} size="h3">
          Did not get the email?
        </Title>
        <ResendActivationForm />
      </Stack>
    </Stack>
  );
}

export function ActivateRoute() {
  const navigate = useNavigate();
  return (
    <AuthPage
      title="Activate your account"
      description={<Text>Enter the code from the activation email we sent you.</Text>}
    >
      <ActivationCard>
        <ActivationCodeForm onSubmitCode={(code) => navigate(`/activate/${encodeURIComponent(code)}`)} />
      </ActivationCard>
    </AuthPage>
  );
}

export function ActivateCodeRoute() {
  const { code = '' } = useParams();
  return (
    <AuthPage title="Account activation">
      <ActivationCard>
        <ActivationResult code={code} />
      </ActivationCard>
    </AuthPage>
  );
}

export function ForgotPasswordRoute() {
  return (
    <AuthPage
      title="Forgot your password?"
      description={<Text>We will email you a link to set a new password. The link works for one hour.</Text>}
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthPage
      title="Set a new password"
      description={<LeadIn text="Link expired?" to="/forgot-password" link="Ask for a new one" />}
    >
      <ResetPasswordForm token={token} onDone={() => navigate('/login', { replace: true })} />
    </AuthPage>
  );
}
