import { DEFAULT_CURRENCY, type ManageView } from '@kindred/shared';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { FailedState, LoadingState } from '@/components/ui/states';
import { usePublicConfig } from '@/entities/card';
import { isApiError } from '@/lib/api-client';
import { showDate } from '@/lib/format';
import { useActOnPlan } from '../api/act-on-plan';
import { manageQueries } from '../api/get-manage-view';
import { GiftDetails } from './gift-details';
import { SignInLine } from './giving-links';
import { LinkProblem } from './link-problem';
import { PlanActions } from './plan-actions';
import { PlanDetails } from './plan-details';

/** A link the server refuses (docs/product/card-gifts.md#manage-from-the-mail): 404 not ours, 410 expired. */
function linkProblemOf(error: unknown): { kind: 'invalid' | 'expired'; message: string } | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) return { kind: 'invalid', message: error.message };
  if (error.status === 410) return { kind: 'expired', message: error.message };
  return null;
}

/** "This link works until 31 Jan 2030." */
function LinkExpiry({ view }: { view: ManageView }) {
  return (
    <Text size="sm" c="dimmed">
      {`This link works until ${showDate(view.expires_at)}.`}
    </Text>
  );
}

function PlanView({ token, view, currency }: { token: string; view: ManageView; currency: string }) {
  const act = useActOnPlan(token);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const plan = view.subscription;
  if (!plan) return null;
  return (
    <Stack gap="lg">
      <PlanDetails
        plan={plan}
        card={view.payment_method}
        currency={currency}
        headingId={headingId}
        headingRef={headingRef}
      />
      <PlanActions
        plan={plan}
        actions={view.actions}
        currency={currency}
        act={act}
        onCancelled={() => setTimeout(() => headingRef.current?.focus(), 0)}
      />
      <SignInLine />
    </Stack>
  );
}

/**
 * The page a giver reaches from a link in a receipt or a recurring gift's mail, signed in or not
 * (docs/product/card-gifts.md#manage-from-the-mail): the gift with its receipt, or the plan with
 * what may be changed; a link not valid or expired says so and points to signing in.
 */
export function ManageScreen() {
  const { token = '' } = useParams();
  const query = useQuery(manageQueries.view(token));
  const currency = usePublicConfig().data?.currency ?? DEFAULT_CURRENCY;

  const problem = linkProblemOf(query.error);
  if (problem) return <LinkProblem kind={problem.kind} message={problem.message} />;
  if (query.isPending)
    return (
      <Page title="Your gift" size="sm">
        <LoadingState label="Loading your gift…" />
      </Page>
    );
  const view = query.data;
  if (!view)
    return (
      <Page title="Your gift" size="sm">
        <FailedState title="Your gift could not be loaded" error={query.error} onRetry={query.refetch} />
      </Page>
    );
  if (view.kind === 'donation' && view.donation)
    return (
      <Page title="Your gift" size="sm">
        <GiftDetails token={token} donation={view.donation} currency={currency} receipt={view.receipt} />
        <LinkExpiry view={view} />
      </Page>
    );
  return (
    <Page title="Your recurring gift" size="sm">
      <PlanView token={token} view={view} currency={currency} />
      <LinkExpiry view={view} />
    </Page>
  );
}
