import type { FundraiserCard } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fundraiserCardFixture, fundraiserFixture } from '@/testing/fundraisers';
import { bodyOfCall, errorResponse, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { expectReasonAsked } from '@/testing/reason-dialog';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CharityFundraisers } from './charity-fundraisers';

const page = (items: FundraiserCard[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

const OPEN = fundraiserCardFixture({ id: 21, title: 'Dana runs 10k for the river', end_date: '2099-01-31' });
const HIDDEN = fundraiserCardFixture({
  id: 22,
  title: 'Free river cruises for donors',
  fundraiser: { id: 8, name: 'Max Mallory' },
  project: null,
  hidden: true,
  end_date: '2099-02-28',
});
const TEAM = fundraiserCardFixture({
  id: 23,
  title: 'Runners for the river',
  fundraiser: { id: 9, name: 'Ana Lee' },
  group: { id: 5, name: 'Bristol Runners' },
  end_date: '2099-03-31',
});

/** The charity's list: `pages` as the server keeps them, changed by each hide and put back. */
function stubList(pages: FundraiserCard[], options: { more?: FundraiserCard[]; hide?: () => Response } = {}) {
  const rows = new Map(pages.map((row) => [row.id, row]));
  const set = (id: number, hidden: boolean) => {
    const row = rows.get(id);
    if (row) rows.set(id, { ...row, hidden });
    return jsonResponse(fundraiserFixture({ ...row, hidden, can_hide: true }));
  };
  return stubFetch({
    'GET /api/charity/3/fundraisers': (url) =>
      url.searchParams.get('cursor') === 'c2'
        ? page(options.more ?? [])
        : page([...rows.values()], options.more ? 'c2' : null),
    'POST /api/fundraiser/21/hide': () => options.hide?.() ?? set(21, true),
    'POST /api/fundraiser/22/unhide': () => set(22, false),
  });
}

const renderScreen = () => renderRoutes([{ path: '/', element: <CharityFundraisers charityId={3} /> }]);

/** The row of a page's title. */
async function rowOf(title: string) {
  const link = await screen.findByRole('link', { name: title });
  return link.closest('tr') as HTMLElement;
}

describe("the charity's fundraising pages", { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('says when nobody has opened a page for the charity yet', async () => {
    stubList([]);
    renderScreen();
    expect(
      await screen.findByText(/Nobody has opened a fundraising page for the charity or its projects yet/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists every page, hidden ones marked, with their cause and progress, and pages on', async () => {
    const more = Array.from({ length: 3 }, (_, index) =>
      fundraiserCardFixture({ id: 40 + index, title: `Older page ${index + 1}`, end_date: '2099-01-01' }),
    );
    stubList([OPEN, HIDDEN, TEAM], { more });
    renderScreen();
    const open = await rowOf('Dana runs 10k for the river');
    expect(within(open).getByRole('link', { name: 'Dana runs 10k for the river' })).toHaveAttribute(
      'href',
      '/fundraisers/21',
    );
    expect(within(open).getByRole('link', { name: 'Clean-up of the river banks' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(within(open).getByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(open).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(
      within(open).getByRole('button', { name: 'Hide: Dana runs 10k for the river' }),
    ).toBeInTheDocument();

    const hidden = await rowOf('Free river cruises for donors');
    expect(hidden).toHaveAttribute('data-hidden', 'true');
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/3');
    expect(
      within(hidden).getByRole('button', { name: 'Put back: Free river cruises for donors' }),
    ).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: /^Hide/ })).not.toBeInTheDocument();

    expect((await rowOf('Runners for the river')).textContent).toContain('By Ana Lee · team Bristol Runners');

    await userEvent.click(screen.getByRole('button', { name: 'Show more pages' }));
    expect(await screen.findByRole('link', { name: 'Older page 3' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 6);
    expect(screen.queryByRole('button', { name: 'Show more pages' })).not.toBeInTheDocument();
  });

  it('hides a page with a reason of at least 5 characters; the list marks it hidden', async () => {
    const mock = stubList([OPEN, HIDDEN]);
    renderScreen();
    await userEvent.click(
      within(await rowOf('Dana runs 10k for the river')).getByRole('button', { name: /^Hide/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide “Dana runs 10k for the river”?' });
    expect(dialog).toHaveTextContent('Dana Donor reads your reason. What it raised stays counted.');
    await expectReasonAsked(dialog, 'Hide page', 'Tell the fundraiser why the page is hidden.');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Fake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide page' }));
    expect(within(dialog).getByText('Use at least 5 characters.')).toBeInTheDocument();
    expect(mock.mock.calls.some((call) => pathOfCall(call).endsWith('/hide'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), ' river cruises are not ours');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = mock.mock.calls.find((c) => pathOfCall(c) === '/api/fundraiser/21/hide');
    expect(bodyOfCall(call)).toEqual({ reason: 'Fake river cruises are not ours' });
    expect(await screen.findByText('Page hidden')).toBeInTheDocument();
    const row = await rowOf('Dana runs 10k for the river');
    await waitFor(() => expect(row).toHaveAttribute('data-hidden', 'true'));
    expect(
      within(row).getByRole('button', { name: 'Put back: Dana runs 10k for the river' }),
    ).toBeInTheDocument();
  });

  it('shows the refusal of a reason beside the field, and keeps the page as it was', async () => {
    stubList([OPEN], {
      hide: () =>
        errorResponse(400, 'VALIDATION_ERROR', 'The reason is not valid.', {
          fields: { reason: 'Tell the fundraiser why (at least 5 characters).' },
        }),
    });
    renderScreen();
    await userEvent.click(
      within(await rowOf('Dana runs 10k for the river')).getByRole('button', { name: /^Hide/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Misleading');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide page' }));
    expect(
      await within(dialog).findByText('Tell the fundraiser why (at least 5 characters).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(await rowOf('Dana runs 10k for the river')).getByText('Open')).toBeInTheDocument();
  });

  it('puts a hidden page back after asking, and not when the admin keeps it hidden', async () => {
    const mock = stubList([HIDDEN]);
    renderScreen();
    const button = within(await rowOf('Free river cruises for donors')).getByRole('button', {
      name: /^Put back/,
    });
    await userEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Put “Free river cruises for donors” back?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep hidden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.mock.calls.some((call) => pathOfCall(call).endsWith('/unhide'))).toBe(false);

    await userEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Put “Free river cruises for donors” back?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put back' }));
    expect(await screen.findByText('Page put back')).toBeInTheDocument();
    const row = await rowOf('Free river cruises for donors');
    await waitFor(() => expect(within(row).getByText('Open')).toBeInTheDocument());
    expect(row).not.toHaveAttribute('data-hidden');
  });
});
