import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fundraiserCardFixture } from '@/testing/fundraisers';
import { renderRoutes } from '@/testing/render';
import { FundraiserCard } from './fundraiser-card';
import { timeLeftText } from './fundraiser-format';

const TODAY = '2030-01-11';

function renderCard(props: Partial<Parameters<typeof FundraiserCard>[0]> = {}) {
  return renderRoutes([
    { path: '/', element: <FundraiserCard page={fundraiserCardFixture()} today={TODAY} {...props} /> },
  ]);
}

describe('fundraiser card', { timeout: 20_000 }, () => {
  it('links the page and its cause, says who raises, and shows its progress', async () => {
    renderCard();
    const card = await screen.findByRole('article');
    expect(
      within(card).getByRole('heading', { level: 3, name: 'Dana runs 10k for the river' }),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Dana runs 10k for the river' })).toHaveAttribute(
      'href',
      '/fundraisers/21',
    );
    expect(card.textContent).toContain('By Dana Donor, for Clean-up of the river banks');
    expect(within(card).getByRole('link', { name: 'Clean-up of the river banks' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(within(card).getByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(card).getByText('4 gifts · 20 days left')).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    // The project's cover stands in for a page without a picture of its own: decoration.
    expect(card.querySelector('img')?.getAttribute('src')).toContain('/api/files/gallery/river_');
    expect(card.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(card).queryByText('Hidden by the charity')).not.toBeInTheDocument();
  });

  it('names the team and the organisation, the charity of a charity page, its rank, and a hidden page', async () => {
    renderCard({
      rank: 2,
      page: fundraiserCardFixture({
        project: null,
        cause_picture: null,
        group: { id: 5, name: 'Runners' },
        business: { id: 9, name: 'Acme Ltd' },
        hidden: true,
      }),
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: '2. Dana runs 10k for the river' })).toBeVisible();
    expect(card.textContent).toContain('By Dana Donor for Acme Ltd, for River Trust · team Runners');
    expect(within(card).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/3');
    expect(within(card).getByRole('link', { name: 'Runners' })).toHaveAttribute('href', '/groups/5');
    expect(within(card).getByText('Hidden by the charity')).toBeVisible();
    expect(card.querySelector('img')).toBeNull();
  });

  it('fills the bar past the target, and says when a page ended', async () => {
    renderCard({ page: fundraiserCardFixture({ raised: 1_250_000, gifts: 1, ended: true }) });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(card).getByText('1 gift · Ended 31 Jan 2030')).toBeInTheDocument();
  });
});

describe('time left', () => {
  it('counts the end date as the last day', () => {
    const page = { end_date: '2030-01-31', ended: false };
    expect(timeLeftText(page, '2030-01-30')).toBe('1 day left');
    expect(timeLeftText(page, '2030-01-31')).toBe('Last day today');
    expect(timeLeftText(page, '2030-02-01')).toBe('Ended 31 Jan 2030');
    expect(timeLeftText({ ...page, ended: true }, '2030-01-20')).toBe('Ended 31 Jan 2030');
  });
});
