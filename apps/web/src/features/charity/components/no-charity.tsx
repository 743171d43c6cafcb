import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

/** Shown to a person who belongs to no charity. */
export function NoCharity() {
  return (
    <Page title="Charity">
      <Paper p="lg" withBorder>
        <Stack gap="sm">
          <Text>You are not a member of any charity yet.</Text>
          <Text>
            Run a charity?{' '}
            <Anchor component={Link} to="/charity/register">
              Register your charity
            </Anchor>{' '}
            and a Kindred admin will review it.
          </Text>
        </Stack>
      </Paper>
    </Page>
  );
}
