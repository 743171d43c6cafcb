import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { makeProjectCard } from '../testing/fixtures';
import { ProjectCardView } from './project-card';

function renderCard(project = makeProjectCard()) {
  return renderRoutes([{ path: '/', element: <ProjectCardView project={project} /> }]);
}

describe('project card', { timeout: 20_000 }, () => {
  it('links the project and its charity and says where and when it ends', async () => {
    renderCard(makeProjectCard({ distance_km: 3.24 }));
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Clean-up of the river banks (Bristol)' })).toHaveAttribute(
      'href',
      '/projects/1',
    );
    expect(within(card).getByRole('link', { name: 'River Trust' })).toHaveAttribute('href', '/charities/1');
    expect(within(card).getByText('Bristol · 3.2 km away · Ends 15 Feb 2030')).toBeInTheDocument();
    expect(within(card).getByText('Environment and Conservation, Community')).toBeInTheDocument();
  });

  it('shows a labelled progress bar for each need', async () => {
    renderCard();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('₹3,000 of ₹10,000 raised')).toBeInTheDocument();
    expect(within(card).getByText('13 of 40 volunteering hours pledged')).toBeInTheDocument();
    const bars = within(card).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['₹3,000 of ₹10,000 raised', '30'],
      ['13 of 40 volunteering hours pledged', '32'],
    ]);
    expect(within(card).getByText('Funds')).toBeInTheDocument();
    expect(within(card).getByText('Volunteering')).toBeInTheDocument();
  });

  it('shows gifts and skilled hours, and no bar for needs the project does not have', async () => {
    renderCard(
      makeProjectCard({
        funds_target: null,
        volunteering_hours: null,
        giving_kinds: [4, 5],
        skilled_hours: 10,
        skilled_pledged: 4,
        gifts_needed: 1,
        gifts_pledged: 0,
      }),
    );
    const card = await screen.findByRole('article');
    expect(
      within(card)
        .getAllByRole('progressbar')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual(['4 of 10 skilled hours pledged', '0 of 1 gift pledged']);
    expect(within(card).queryByText(/raised/)).not.toBeInTheDocument();
  });

  it('shows the cover in the variants that fit, lazily, with its box set, and none without one', async () => {
    const { unmount } = renderCard(makeProjectCard({ cover: '/api/files/gallery/abc' }));
    const card = await screen.findByRole('article');
    const img = card.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute(
      'srcset',
      '/api/files/gallery/abc_small.webp 320w, /api/files/gallery/abc_medium.webp 800w, /api/files/gallery/abc_big.webp 1600w',
    );
    expect(img).toHaveAttribute('src', '/api/files/gallery/abc_medium.webp');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '225']);
    expect(img.getAttribute('sizes')).toContain('100vw');
    // Decoration: the title beside it names the project.
    expect(img).toHaveAttribute('alt', '');
    unmount();
    renderCard(makeProjectCard({ cover: null }));
    expect((await screen.findByRole('article')).querySelector('img')).toBeNull();
  });
});
