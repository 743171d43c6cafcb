import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIsLoggedIn } from '@/entities/session';
import { loginPath } from '@/lib/navigation';

/** Where all of a person's giving is (signed in). */
const MY_GIVING = '/donations';

/** A link to one's giving: through sign-in for a visitor, straight there for someone signed in. */
export function GivingLink({ children }: { children: string }) {
  const signedIn = useIsLoggedIn();
  return (
    <Anchor component={Link} to={signedIn ? MY_GIVING : loginPath(MY_GIVING)}>
      {signedIn ? 'See all your giving' : children}
    </Anchor>
  );
}

/** "To see all your giving, sign in." (a visitor), or a link to it for someone signed in. */
export function SignInLine() {
  const signedIn = useIsLoggedIn();
  return (
    <Text size="sm">
      {signedIn ? null : 'To see all your giving, '}
      <GivingLink>sign in</GivingLink>.
    </Text>
  );
}
