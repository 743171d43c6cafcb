import type { Project } from '@kindred/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { makeDonation, page } from '../testing/fixtures';
import { ProjectDonations } from './project-donations';

const project = {
  id: 4,
  title: 'Clean-up of the river banks',
  hours_confirmed: 7,
  volunteering_pledged: 12,
  skilled_pledged: 3,
} as Project;

const early = makeDonation({
  id: 1,
  date: '2030-02-01',
  hours: 5,
  donor: { kind: 'user', id: 1, name: 'Ann' },
});
const late = makeDonation({
  id: 2,
  date: '2030-03-05',
  hours: 7,
  confirmed_hours: 7,
  status: 85,
  status_label: 'Completed',
  donor: { kind: 'user', id: 2, name: 'Bob' },
});
const sameDay = makeDonation({
  id: 3,
  date: '2030-02-01',
  type: 4,
  skill_type: 2,
  hours: 3,
  donor: { kind: 'user', id: 3, name: 'Cy' },
});

function renderTab(inboxPath?: string) {
  return renderRoutes(
    [{ path: '/charity/projects/4', element: <ProjectDonations project={project} inboxPath={inboxPath} /> }],
    '/charity/projects/4',
  );
}

describe('the Donations tab of a project', { timeout: 20_000 }, () => {
  signedInForEachTest();

  it('shows the confirmed hours, the volunteers by date, the supporters without funds and every donation', async () => {
    stubFetch({
      'GET /api/project/volunteered/4': () => jsonResponse(page([late, early, sameDay])),
      'GET /api/project/4/donators_without_funds': () =>
        jsonResponse(
          page([
            {
              donor: { kind: 'user', id: 1, name: 'Ann' },
              types: [3, 5],
              hours: 5,
              gifts: 2,
              last_at: '2030-01-05T10:00:00.000Z',
            },
          ]),
        ),
      'GET /api/project/4/donations': () => jsonResponse(page([early, late])),
    });
    renderTab('/charity/donations?project=4');
    expect(screen.getByText('Hours confirmed').parentElement?.textContent).toContain('7 h');

    const volunteers = screen.getByRole('region', { name: 'Volunteers by date' });
    const days = await within(volunteers).findAllByRole('heading', { level: 4 });
    // Soonest first, whatever order the list came in.
    expect(days.map((day) => day.textContent)).toEqual(['1 Feb 2030', '5 Mar 2030']);
    const first = within(volunteers).getAllByRole('list')[0] as HTMLElement;
    expect(within(first).getByText('Ann: 5 hours')).toBeInTheDocument();
    expect(within(first).getByText('Cy: 3 hours of Finance & Accounting')).toBeInTheDocument();
    expect(within(volunteers).getByText('Bob: 7 hours (7 confirmed)')).toBeInTheDocument();

    const supporters = screen.getByRole('region', { name: 'Supporters without funds' });
    const row = await within(supporters).findByRole('row', { name: /Ann/ });
    expect(row.textContent).toContain('Volunteering, Gifts');

    const all = screen.getByRole('region', { name: 'All donations' });
    expect(await within(all).findByText('5 hours from Ann')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /in the donations inbox/ })).toHaveAttribute(
      'href',
      '/charity/donations?project=4',
    );
  });

  it('says so when no one has given yet, and offers no inbox link to those who cannot act', async () => {
    stubFetch({
      'GET /api/project/volunteered/4': () => jsonResponse(page([])),
      'GET /api/project/4/donators_without_funds': () => jsonResponse(page([])),
      'GET /api/project/4/donations': () => jsonResponse(page([])),
    });
    renderTab();
    expect(await screen.findByText('No one has offered time to this project yet.')).toBeInTheDocument();
    expect(await screen.findByText('No supporters of time, skills or gifts yet.')).toBeInTheDocument();
    expect(await screen.findByText('No donations to this project yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /donations inbox/ })).not.toBeInTheDocument();
  });
});
