import { Paper, Stack, Text } from '@mantine/core';
import { Page } from '@/components/ui/page';
import { GivingLink } from './giving-links';

/**
 * A mail's link that does not open a gift (docs/product/card-gifts.md#manage-from-the-mail): one
 * that is not ours (404), or one past its 30 days (410), with the server's words and a way in.
 */
export function LinkProblem({ kind, message }: { kind: 'invalid' | 'expired'; message: string }) {
  if (kind === 'invalid')
    return (
      <Page title="This link is not valid" size="sm">
        <Paper p="lg" withBorder>
          <Stack gap="sm">
            <Text>Use the link in your latest mail, or sign in to see your giving.</Text>
            <Text>
              <GivingLink>Sign in</GivingLink>
            </Text>
          </Stack>
        </Paper>
      </Page>
    );
  return (
    <Page title="This link has expired" size="sm">
      <Paper p="lg" withBorder>
        <Stack gap="sm">
          <Text>{message}</Text>
          <Text>
            <GivingLink>Sign in to see your giving</GivingLink>
          </Text>
        </Stack>
      </Paper>
    </Page>
  );
}
