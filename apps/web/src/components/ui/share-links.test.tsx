import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { ShareLinks } from './share-links';

const URL_OF_PAGE = 'https://kindred.example/projects/3?from=a&b=c';
const MESSAGE = 'I gave to River & Sea "Trust" on Kindred.';
const encoded = encodeURIComponent;

function renderShare() {
  renderRoutes(
    [{ path: '/', element: <ShareLinks url={URL_OF_PAGE} text={MESSAGE} title="Tell your friends" /> }],
    '/',
  );
  return screen.getByRole('group', { name: 'Tell your friends' });
}

/** The clipboard and share sheet the browser has, or not (jsdom has neither). */
function browserHas(parts: {
  clipboard?: { writeText: (text: string) => Promise<void> };
  share?: (data: ShareData) => Promise<void>;
}) {
  Object.defineProperty(navigator, 'clipboard', { value: parts.clipboard, configurable: true });
  Object.defineProperty(navigator, 'share', { value: parts.share, configurable: true });
}

afterEach(() => browserHas({}));

describe('share links', () => {
  it('opens each service’s own share page with the page’s address and the message, encoded', () => {
    const group = renderShare();
    const link = (name: string) => within(group).getByRole('link', { name });
    const href = (name: string) => link(name).getAttribute('href') ?? '';
    expect(href('Share by mail')).toBe(
      `mailto:?subject=${encoded(MESSAGE)}&body=${encoded(`${MESSAGE} ${URL_OF_PAGE}`)}`,
    );
    expect(href('Share on WhatsApp (opens a new tab)')).toBe(
      `https://wa.me/?text=${encoded(`${MESSAGE} ${URL_OF_PAGE}`)}`,
    );
    expect(href('Share on X (opens a new tab)')).toBe(
      `https://twitter.com/intent/tweet?text=${encoded(MESSAGE)}&url=${encoded(URL_OF_PAGE)}`,
    );
    expect(href('Share on LinkedIn (opens a new tab)')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded(URL_OF_PAGE)}`,
    );
    // The page's own query cannot leak into the service's: `&b=c` stays inside the url parameter.
    expect(new URL(href('Share on X (opens a new tab)')).searchParams.get('url')).toBe(URL_OF_PAGE);
    for (const name of [
      'Share on WhatsApp (opens a new tab)',
      'Share on X (opens a new tab)',
      'Share on LinkedIn (opens a new tab)',
    ]) {
      expect(link(name), name).toHaveAttribute('target', '_blank');
      expect(link(name), name).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(link('Share by mail')).not.toHaveAttribute('target');
  });

  it('copies the address and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    browserHas({ clipboard: { writeText } });
    const group = renderShare();
    expect(within(group).getByRole('status')).toHaveTextContent('');
    await userEvent.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_PAGE);
    expect(within(group).getByRole('status')).toHaveTextContent('Link copied.');
    expect(within(group).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the address selected in a box to copy by hand when the browser refuses', async () => {
    browserHas({
      clipboard: { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    const group = renderShare();
    await userEvent.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(await within(group).findByRole('status')).toHaveTextContent(
      'Your browser did not let us copy it.',
    );
    const box = within(group).getByRole('textbox', { name: 'Copy this link' }) as HTMLInputElement;
    expect(box).toHaveValue(URL_OF_PAGE);
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveFocus();
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, URL_OF_PAGE.length]);
  });

  it('offers no share sheet where the browser has none', () => {
    expect(within(renderShare()).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });

  it('opens the device’s share sheet where the browser has one', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    browserHas({ share });
    const group = renderShare();
    await userEvent.click(within(group).getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ title: MESSAGE, text: MESSAGE, url: URL_OF_PAGE });
    // Closing the sheet leaves the page as it was.
    expect(within(group).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
