import { NoAccountPage } from '@/entities/account';

/** Shown to a person who belongs to no charity. */
export function NoCharity() {
  return (
    <NoAccountPage
      title="Charity"
      noun="charity"
      question="Run a charity?"
      registerPath="/charity/register"
      registerLink="Register your charity"
    />
  );
}
