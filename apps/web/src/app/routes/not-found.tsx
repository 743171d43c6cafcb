import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

export function NotFoundRoute() {
  return (
    <Page title="Page not found">
      <Text>
        There is no page at this address.{' '}
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
        .
      </Text>
    </Page>
  );
}
