import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

/** Shown to a person who belongs to no organisation. */
export function NoOrganisation() {
  return (
    <Page title="Organisation">
      <Paper p="lg" withBorder>
        <Stack gap="sm">
          <Text>You are not a member of any organisation yet.</Text>
          <Text>
            Does your employer give with Kindred?{' '}
            <Anchor component={Link} to="/join">
              Ask to join your organisation
            </Anchor>
            .
          </Text>
          <Text>
            Run a company that gives?{' '}
            <Anchor component={Link} to="/organisation/register">
              Add your organisation
            </Anchor>{' '}
            and a Kindred admin will review it.
          </Text>
        </Stack>
      </Paper>
    </Page>
  );
}
