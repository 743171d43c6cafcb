import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export const GroupsRoute = () => (
  <PlaceholderPage
    title="Groups"
    capability="Creating, joining and running groups arrives with the groups capability."
  />
);
export const BusinessRoute = () => (
  <PlaceholderPage
    title="Business"
    capability="Organisation administration (employees, sign-off admins, wallets, subscriptions and invoices) arrives with the business administration capability."
  />
);
export const MessagesRoute = () => (
  <PlaceholderPage
    title="Messages"
    capability="Your inbox, sent, draft and archived messages arrive with the messages capability."
  />
);

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
