import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { ShareLinks } from './share-links';

const URL_OF_PAGE = 'https://kindred.example/projects/3';

function renderShare() {
  renderRoutes(
    [
      {
        path: '/',
        element: <ShareLinks url={URL_OF_PAGE} text="I gave to River Trust." title="Tell your friends" />,
      },
    ],
    '/',
  );
  return screen.getByRole('group', { name: 'Tell your friends' });
}

describe('share links', () => {
  it('opens each service’s own share page with the page and the message', () => {
    const group = renderShare();
    const href = (name: string) => within(group).getByRole('link', { name }).getAttribute('href') ?? '';
    expect(href('Share by mail')).toBe(
      `mailto:?subject=${encodeURIComponent('I gave to River Trust.')}&body=${encodeURIComponent(`I gave to River Trust. ${URL_OF_PAGE}`)}`,
    );
    expect(href('Share on WhatsApp (opens a new tab)')).toContain(encodeURIComponent(URL_OF_PAGE));
    expect(href('Share on X (opens a new tab)')).toContain(`url=${encodeURIComponent(URL_OF_PAGE)}`);
    expect(href('Share on LinkedIn (opens a new tab)')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(URL_OF_PAGE)}`,
    );
    expect(within(group).getByRole('link', { name: 'Share on X (opens a new tab)' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('copies the link, or shows it to copy by hand when the browser refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const group = renderShare();
    await userEvent.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_PAGE);
    expect(await within(group).findByRole('status')).toHaveTextContent('The link is copied.');
    await userEvent.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(await within(group).findByRole('link', { name: URL_OF_PAGE })).toBeInTheDocument();
  });
});
