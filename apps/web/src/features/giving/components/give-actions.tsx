import { GIVING_TYPE } from '@kindred/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useIsLoggedIn } from '@/entities/session';
import { loginPath } from '@/lib/navigation';
import { type GiveKind, type GiveTarget, isGiveKind, KIND_ACTIONS, kindsOf, targetName } from '../lib/target';

/** The flow (forms, date inputs, the stepper) loads when someone starts to give. */
const GiveFlow = lazy(async () => ({ default: (await import('./give-flow')).GiveFlow }));

/** The query parameter that reopens a kind's flow after signing in. */
export const GIVE_PARAM = 'give';

export interface GiveActionsProps {
  target: GiveTarget;
  /**
   * Giving funds by card without an account (the guest flow, given by the route), offered to a
   * signed-out visitor (docs/product/card-gifts.md#giving-without-an-account).
   */
  renderGuestGive?: (props: { target: GiveTarget; onClose: () => void }) => ReactNode;
}

/**
 * "Support this project" (or the charity): one action per kind the target takes. A signed-out
 * visitor is sent to sign in and comes back to the same flow.
 */
export function GiveActions({ target, renderGuestGive }: GiveActionsProps) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<GiveKind | null>(null);
  const [guest, setGuest] = useState(false);
  const kinds = kindsOf(target);
  const wanted = Number(params.get(GIVE_PARAM));

  // Back from signing in with ?give=<kind>: open that flow once and drop the parameter.
  useEffect(() => {
    if (!loggedIn || !params.has(GIVE_PARAM)) return;
    if (isGiveKind(wanted) && kinds.includes(wanted)) setOpen(wanted);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GIVE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [loggedIn, params, wanted, kinds, setParams]);

  if (kinds.length === 0) return null;
  // Giving as a guest is funds by card: offered to a signed-out visitor where funds are asked for.
  const guestFlow = !loggedIn && kinds.includes(GIVING_TYPE.funds) ? renderGuestGive : undefined;
  // Through a fundraising page: one prominent button, and a visitor is offered the guest's gift first.
  const page = target.fundraiser;
  const heading = page
    ? 'Give through this page'
    : target.kind === 'project'
      ? 'Support this project'
      : 'Support this charity';
  const size = page ? 'lg' : 'sm';
  const guestFirst = page !== undefined && guestFlow !== undefined;
  const label = (kind: GiveKind) => (page ? (loggedIn ? 'Give' : 'Sign in and give') : KIND_ACTIONS[kind]);
  const guestButton = guestFlow ? (
    <Button
      variant={guestFirst ? 'filled' : 'default'}
      size={size}
      onClick={() => setGuest(true)}
      style={{ flexGrow: 1 }}
    >
      Give as a guest
    </Button>
  ) : null;
  return (
    <Paper withBorder p="lg" component="section" aria-label={heading} data-testid="give">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {heading}
        </Title>
        {page ? (
          <Text size="sm">{`Your gift goes to ${targetName(target)} and counts toward this page.`}</Text>
        ) : target.kind === 'charity' ? (
          <Text size="sm">Give directly to the charity, for its work as a whole.</Text>
        ) : null}
        <Group gap="sm">
          {guestFirst ? guestButton : null}
          {kinds.map((kind, index) =>
            loggedIn ? (
              <Button
                key={kind}
                variant={index === 0 ? 'filled' : 'light'}
                size={size}
                onClick={() => setOpen(kind)}
                style={{ flexGrow: 1 }}
              >
                {label(kind)}
              </Button>
            ) : (
              <Button
                key={kind}
                component={Link}
                to={loginPath(`${location.pathname}?${GIVE_PARAM}=${kind}`)}
                variant={index === 0 && !guestFirst ? 'filled' : 'light'}
                size={size}
                style={{ flexGrow: 1 }}
              >
                {label(kind)}
              </Button>
            ),
          )}
          {guestFirst ? null : guestButton}
        </Group>
        {loggedIn ? null : (
          <Text size="sm" c="dimmed">
            {guestFirst
              ? 'A guest gives by card without an account. To give from your wallet, you sign in first, then come straight back here.'
              : 'You sign in first, then come straight back here.'}
          </Text>
        )}
      </Stack>
      {open !== null ? (
        <Suspense fallback={null}>
          <GiveFlow key={open} target={target} kind={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      {guest && guestFlow ? guestFlow({ target, onClose: () => setGuest(false) }) : null}
    </Paper>
  );
}
