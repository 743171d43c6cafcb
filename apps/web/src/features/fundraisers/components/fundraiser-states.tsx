import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { isApiError } from '@/lib/api-client';

/** A positive whole id from the URL, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Whether a failed call means "there is no such page" (or not for this caller: a hidden one). */
const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** An unknown page, or one the charity hid: said the same way (docs/product/fundraising-pages.md). */
export function FundraiserNotFound() {
  return (
    <Page title="Fundraiser not found">
      <Text>
        {'This fundraising page does not exist, or it is no longer public. '}
        <Anchor component={Link} to="/explore">
          Explore projects
        </Anchor>
        .
      </Text>
    </Page>
  );
}

/**
 * A page before it can be shown: "not found" when the URL names no id (`missing`) or the API knows
 * none, the failure when the call failed otherwise, and loading until then.
 */
export function FundraiserNotReady({
  title,
  missing,
  query,
}: {
  title: string;
  missing: boolean;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  if (missing || (query.isError && isNotFound(query.error))) return <FundraiserNotFound />;
  return (
    <Page title={title}>
      {query.isError ? (
        <FailedState title="This page could not be loaded" error={query.error} onRetry={query.refetch} />
      ) : (
        <LoadingState />
      )}
    </Page>
  );
}
