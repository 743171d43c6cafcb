import { Paper, Stack } from '@mantine/core';
import { ApprovalInbox } from './approval-inbox';
import { useOrganisationContext } from './organisation-layout';
import { SignoffPolicyForm } from './signoff-policy-form';

/** `/organisation/sign-off`: the policy, and the donations waiting for the sign-off admins. */
export function SignoffSection() {
  const { business, access } = useOrganisationContext();
  return (
    <Stack gap="lg">
      <Paper p="lg" withBorder>
        <SignoffPolicyForm key={business.id} />
      </Paper>
      {access.seesWaitingDonations ? (
        <Paper p="lg" withBorder>
          <ApprovalInbox />
        </Paper>
      ) : null}
    </Stack>
  );
}
