import type { Supporter } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fixtureOf } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { SupportersWall } from './supporters-wall';

const supporter = fixtureOf<Supporter>(() => ({
  id: 1,
  name: 'Dana Donor',
  anonymous: false,
  type: 2,
  amount: 2_500,
  hours: null,
  message: 'Good luck with the clean-up!',
  created_at: '2030-01-03T10:00:00.000Z',
}));

const page = (items: Supporter[], next: string | null = null) =>
  jsonResponse({ items, next_cursor: next, prev_cursor: null });

function wall() {
  return screen.getByRole('region', { name: 'Supporters' });
}

describe('supporters wall', () => {
  it('names supporters, hides anonymous ones, and shows what they gave, when and their messages', async () => {
    stubFetch({
      'GET /api/project/3/all-donations': () =>
        page([
          supporter(),
          supporter({ id: 2, name: 'Secret Sam', anonymous: true, amount: null, message: 'Keep going' }),
          supporter({ id: 3, name: 'Sam Helper', type: 3, amount: null, hours: 6, message: null }),
          supporter({ id: 4, name: 'Acme Ltd', type: 5, amount: null, message: null }),
        ]),
    });
    renderWithProviders(<SupportersWall projectId={3} live />);
    const list = await screen.findByRole('list', { name: 'Supporters of this project' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]?.textContent).toContain('Dana Donor');
    expect(items[0]?.textContent).toContain('Gave ₹25');
    expect(items[0]?.textContent).toContain('3 Jan 2030');
    expect(items[0]?.textContent).toContain('“Good luck with the clean-up!”');
    expect(items[1]?.textContent).toContain('Anonymous');
    expect(list.textContent).not.toContain('Secret Sam');
    expect(items[1]?.textContent).toContain('Gave funds');
    expect(items[1]?.textContent).toContain('“Keep going”');
    expect(items[2]?.textContent).toContain('Offered 6 hours of volunteering');
    expect(items[3]?.textContent).toContain('Offered gifts');
    // Anonymous gifts show no initials that would hint at the name.
    expect(items[1]?.textContent?.startsWith('Anonymous')).toBe(true);
  });

  it('shows more supporters with the next cursor, and hides the button on the last page', async () => {
    const fetchMock = stubFetch({
      'GET /api/project/3/all-donations': (url) =>
        url.searchParams.get('cursor') === 'next-1'
          ? page([supporter({ id: 9, name: 'Older Giver', message: null })])
          : page([supporter()], 'next-1'),
    });
    renderWithProviders(<SupportersWall projectId={3} live />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more supporters' }));
    expect(await within(wall()).findByText('Older Giver')).toBeInTheDocument();
    expect(within(wall()).getByText('Dana Donor')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://x');
    expect(last.searchParams.get('cursor')).toBe('next-1');
    expect(last.searchParams.get('direction')).toBe('after');
    expect(screen.queryByRole('button', { name: 'Show more supporters' })).not.toBeInTheDocument();
  });

  it('invites the first gift on a live project without supporters', async () => {
    stubFetch({ 'GET /api/project/3/all-donations': () => page([]) });
    renderWithProviders(<SupportersWall projectId={3} live giveAction={<a href="#give">Give now</a>} />);
    expect(
      await within(wall()).findByText(/No one has supported this project yet. Be the first/),
    ).toBeInTheDocument();
    expect(within(wall()).getByRole('link', { name: 'Give now' })).toBeInTheDocument();
  });

  it('only says no one gave on a project that is over', async () => {
    stubFetch({ 'GET /api/project/3/all-donations': () => page([]) });
    renderWithProviders(
      <SupportersWall projectId={3} live={false} giveAction={<a href="#give">Give now</a>} />,
    );
    expect(await within(wall()).findByText('No one gave to this project.')).toBeInTheDocument();
    expect(within(wall()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a failure in place with Try again', async () => {
    stubFetch({
      'GET /api/project/3/all-donations': () => errorResponse(500, 'INTERNAL', 'Something went wrong.'),
    });
    renderWithProviders(<SupportersWall projectId={3} live />);
    expect(
      await within(wall()).findByText('The supporters could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(wall()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
