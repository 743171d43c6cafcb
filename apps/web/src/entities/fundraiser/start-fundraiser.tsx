import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';
import { useIsLoggedIn } from '@/entities/session';
import { loginPath } from '@/lib/navigation';

/** The cause a new page raises money for: a Live project, or a charity. */
export type FundraiserCause = { project: number } | { charity: number };

/** Where a page for the cause is started: `/fundraisers/new?project=3` or `?charity=5`. */
export const newFundraiserPath = (cause: FundraiserCause) =>
  'project' in cause
    ? `/fundraisers/new?project=${cause.project}`
    : `/fundraisers/new?charity=${cause.charity}`;

/**
 * "Start a fundraiser" for a project or charity (docs/product/fundraising-pages.md): the form for a
 * signed-in person; a visitor signs in first and comes back to it.
 */
export function StartFundraiserButton({
  cause,
  variant = 'light',
  size = 'sm',
}: {
  cause: FundraiserCause;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const loggedIn = useIsLoggedIn();
  const path = newFundraiserPath(cause);
  return (
    <Button component={Link} to={loggedIn ? path : loginPath(path)} variant={variant} size={size}>
      Start a fundraiser
    </Button>
  );
}
