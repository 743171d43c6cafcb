import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NoAccountPage } from '@/entities/account';

/** Shown to a person who belongs to no organisation. */
export function NoOrganisation() {
  return (
    <NoAccountPage
      title="Organisation"
      noun="organisation"
      question="Run a company that gives?"
      registerPath="/organisation/register"
      registerLink="Add your organisation"
    >
      <Text>
        Does your employer give with Kindred?{' '}
        <Anchor component={Link} to="/join">
          Ask to join your organisation
        </Anchor>
        .
      </Text>
    </NoAccountPage>
  );
}
