import type { Subscription } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { makeSubscription, pageOf } from '../testing/fixtures';
import { renderGiving } from '../testing/render';

/** A stubbed API holding one subscription that the calls change, as the server would. */
function subscriptionApi(initial: Subscription) {
  let current = initial;
  const calls: string[] = [];
  const answer = (next: Partial<Subscription>) => {
    current = { ...current, ...next };
    return jsonResponse({ subscription: current });
  };
  const fetchMock = stubFetch({
    'GET /api/user/donation_subscriptions': () => pageOf([current]),
    [`POST /api/user/donation_subscription/${initial.id}/pause`]: () => {
      calls.push('pause');
      return answer({ status: 'paused', next_date: null });
    },
    [`POST /api/user/donation_subscription/${initial.id}/resume`]: () => {
      calls.push('resume');
      return answer({ status: 'active', next_date: '2030-03-01' });
    },
    [`POST /api/user/cancel_donation_subscription/${initial.id}`]: () => {
      calls.push('cancel');
      return answer({ status: 'cancelled', next_date: null });
    },
    [`PATCH /api/user/donation_subscription/${initial.id}`]: (_url, init) => {
      const { amount } = JSON.parse(String(init.body)) as { amount: number };
      calls.push(`amount ${amount}`);
      if (amount > 100_000_000)
        return errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: { amount: 'That is more than your wallet can hold.' },
        });
      return answer({ amount });
    },
  });
  return { calls, fetchMock };
}

async function card() {
  return screen.findByRole('listitem', { name: /to Clean the River Wey/ });
}

/** Opens the recurring donations tab with one monthly subscription; returns its card and the calls made. */
async function openSubscriptions() {
  const { calls } = subscriptionApi(makeSubscription());
  renderGiving('/donations?tab=subscriptions');
  return { calls, item: await card() };
}

/** Types a new amount in the open amount field of the card and saves it. */
async function saveAmount(item: HTMLElement, amount: string) {
  const field = within(item).getByLabelText('New amount');
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.click(within(item).getByRole('button', { name: 'Save amount' }));
}

describe('my giving: recurring donations', { timeout: 20_000 }, () => {
  afterEach(() => {
    session.clearSession();
  });

  it('pauses and resumes a monthly donation, showing when the next gift comes', async () => {
    const opened = await openSubscriptions();
    const { calls } = opened;
    let { item } = opened;
    expect(within(item).getByText('₹25 monthly')).toBeInTheDocument();
    expect(within(item).getByText('Next gift on 1 Feb 2030.')).toBeInTheDocument();
    expect(within(item).getByText('Active')).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Subscription paused')).toBeInTheDocument();
    item = await card();
    await waitFor(() => expect(within(item).getByText('Paused')).toBeInTheDocument());
    expect(within(item).getByText(/Paused: no gifts until you resume it/)).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('The next gift is on 1 Mar 2030.')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByText('Next gift on 1 Mar 2030.')).toBeInTheDocument());
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('changes the amount: refuses a bad amount beside the field, shows the server refusal there, sends minor units', async () => {
    const { calls, item } = await openSubscriptions();
    await userEvent.click(within(item).getByRole('button', { name: 'Change amount' }));
    const field = within(item).getByLabelText('New amount');
    expect(field).toHaveValue('25');

    await saveAmount(item, '1.234');
    expect(within(item).getByText('Use at most 2 decimals.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await saveAmount(item, '0');
    expect(within(item).getByText('The amount cannot be 0.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await saveAmount(item, '2000000');
    expect(await within(item).findByText('That is more than your wallet can hold.')).toBeInTheDocument();

    await saveAmount(item, '40.50');
    expect(await screen.findByText('Amount changed')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByText('₹40.50 monthly')).toBeInTheDocument());
    expect(calls).toEqual(['amount 200000000', 'amount 4050']);
  });

  it('cancels only after the confirm dialog, and keeping it sends nothing', async () => {
    const { calls, item } = await openSubscriptions();

    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this recurring donation?' });
    expect(
      within(dialog).getByText(/No more gifts of ₹25 monthly to Clean the River Wey/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this recurring donation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel donation' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByText('Cancelled: no more gifts.')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(calls).toEqual(['cancel']);
  });

  it('says how to set one up when there is none', async () => {
    stubFetch({ 'GET /api/user/donation_subscriptions': () => pageOf([]) });
    renderGiving('/donations?tab=subscriptions');
    expect(await screen.findByText(/You have no recurring donations/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore projects to support every month' })).toHaveAttribute(
      'href',
      '/explore',
    );
  });
});
